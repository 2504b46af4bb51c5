"""Offline tools: scripts that build the model files vision ships (run from the repository root)."""
