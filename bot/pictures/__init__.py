"""Pictures the bot draws itself with Pillow: card faces (uploaded as the application's
emojis), a picture of every finished deal, score charts. Nothing is downloaded at run time:
the fonts ship in ``fonts/`` (DejaVu, free licence in ``fonts/LICENSE``)."""
