"""Reading three faces around a corner: detection, lattices, the whole-cube model and the reader."""
