# stats.mk — (being written)
