# tools.mk — (being written)
