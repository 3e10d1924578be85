"""The D10 black-powder skirmish game (source 003) on the measured table: its terms in
English and German, its content, its tables and its engine. Not yet registered: it cannot be
played to the end (melee is still to come)."""
