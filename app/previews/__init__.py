"""Preview and embed pages: a template's composition playing live in the browser."""
