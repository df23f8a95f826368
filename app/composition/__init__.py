"""The composition: a template's scenes laid on one timeline and rendered as one HTML page."""
