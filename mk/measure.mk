# measure.mk — (being written)
