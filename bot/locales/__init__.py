"""The message catalogues, one ``<language>.po`` each (``de.po``: German).

A package only so that the catalogues ship with the code.
"""
