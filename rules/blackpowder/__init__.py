"""The D10 black-powder skirmish game (source 003) on the measured table: its terms in
English and German, its content and its tables. Not yet a playable system."""
