# problem.mk — the attention problem's checks of an experiment, read by mk/experiment.mk while
# make reads the makefiles (pure make, no tool; x_where names the experiment.mk line): the D of
# every shape must be a head dimension the kernel's tunables table allows, since a D no variant
# can build would be left out by every variant as not applicable.
X_TUNABLES  := $(wildcard kernels/$(basename $(KERNEL)).tunables)
# the leading whole numbers after the word HEAD_DIM of the table (empty: no table, or a range)
x_after_hd  = $(if $(1),$(if $(filter HEAD_DIM,$(firstword $(1))),$(wordlist 2,$(words $(1)),$(1)),$(call x_after_hd,$(wordlist 2,$(words $(1)),$(1)))))
x_leading_n = $(if $(call txt_count,$(firstword $(1))),$(firstword $(1)) $(call x_leading_n,$(wordlist 2,$(words $(1)),$(1))))
X_HEAD_DIMS := $(strip $(if $(X_TUNABLES),$(call x_leading_n,$(call x_after_hd,$(file <$(X_TUNABLES))))))
$(foreach sh,$(SHAPES),$(if $(X_HEAD_DIMS),$(if $(filter $(patsubst D%,%,$(filter D%,$(subst _, ,$(sh)))),$(X_HEAD_DIMS)),,\
  $(error $(call x_where,SHAPES): '$(sh)': D is not a head dimension $(X_TUNABLES) allows ($(X_HEAD_DIMS))))))
