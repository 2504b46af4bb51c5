"""The terminal front end on top of :mod:`assistant.services`: rich views, key loops, the
scanner's and the watch mode's camera windows, and the command-line options the commands
share."""
