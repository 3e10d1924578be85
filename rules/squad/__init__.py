"""The D10 squad-orders game (source 001) on the measured table."""
