# report.mk — (being written)
