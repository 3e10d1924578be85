"""Every table of the reference sheet (003) as pure functions: the sheet's numbers, dice
passed in as faces already rolled (0-9), and the modifiers used returned with each result."""
