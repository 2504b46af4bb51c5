"""samples package."""
