"""Templates: built-in and custom templates, their validation and the templates API."""
