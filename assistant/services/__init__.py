"""The application services: what any front end calls (the solve pipeline, sessions, the
guide's cursor, review, slip checks, watch mode, the scanner's logic, the HTML export).
Nothing here prints, reads keys or imports rich."""
