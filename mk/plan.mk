# plan.mk — the tag of an experiment's declared PLAN ("NAME GPUS SESSIONS_PER_GPU ROUNDS"):
# NAME/GxSxR, as measure writes it on every session's line (plan=) and stats --plan selects it.
# Included by experiment.mk, and by report.mk's reader of one experiment.mk.
plan_tag = $(if $(strip $(1)),$(firstword $(1))/$(word 2,$(1))x$(word 3,$(1))x$(word 4,$(1)))
