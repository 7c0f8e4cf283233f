"""Discord components: controls whose ``custom_id`` carries everything they act on."""
