# experiment.mk — (being written)
