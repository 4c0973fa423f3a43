// placeholder: filled in by the issue that owns this module
