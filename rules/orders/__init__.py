"""The square-grid order-tile game (source 002): its content packs; the engine comes later."""
