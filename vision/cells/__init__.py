"""Stage 3, the cells: an image and a located face in, the face straightened and cut into nine
cells out, each as dark ink on a light sticker, with the ink cut the recognisers read."""
