"""Railways of the World for the table, Discord-free: ``ui.py`` (its ``UI``: texts, buttons, menus and the
command spec from which its slash command group and the local table's commands are made)."""
