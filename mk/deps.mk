# deps.mk — (being written)
