# text.mk — make functions on text, with no shell: checks of names and numbers that run while
# the makefiles are read, before any work.
#   $(call txt_rest,WORD,CHARS): WORD with every character of the list CHARS deleted (empty when
#   WORD is made of CHARS only)
txt_rest = $(if $(2),$(call txt_rest,$(subst $(firstword $(2)),,$(1)),$(wordlist 2,$(words $(2)),$(2))),$(1))
TXT_DIGITS  := 0 1 2 3 4 5 6 7 8 9
TXT_NAME_CH := a b c d e f g h i j k l m n o p q r s t u v w x y z A B C D E F G H I J K L M N O P \
               Q R S T U V W X Y Z $(TXT_DIGITS) _ . + - /
# $(call shell_quote,VALUE): VALUE single-quoted for the shell
shell_quote = '$(subst ','\'',$(1))'
# $(call txt_count,VALUE): VALUE when it is one whole number, else empty
txt_count = $(if $(filter 1,$(words $(1))),$(if $(call txt_rest,$(1),$(TXT_DIGITS)),,$(1)))
# $(call txt_safe_files,FILES,WHAT): the FILES whose names hold only [A-Za-z0-9_.+/-]; any other
# is named in a warning ("skipped: WHAT") and dropped, never expanded by make or run by a shell
txt_safe_files = $(foreach f,$(1),$(if $(call txt_rest,$(f),$(TXT_NAME_CH)),$(call txt_warn,$(f): skipped: $(2) may hold only [A-Za-z0-9_.+/-]),$(f)))
# $(call txt_glob,PATTERNS,WHAT): the files of $(wildcard PATTERNS) through txt_safe_files, the one
# way a listing of experiments/ or data/ is read; wildcard returns a name with a space as pieces
# that are no files, so each piece that is not a file is also named in a warning and dropped
txt_glob = $(foreach f,$(call txt_safe_files,$(wildcard $(1)),$(2)),$(if $(wildcard $(f)),$(f),$(call txt_warn,$(f): skipped: a piece of a name with a space ($(2) may hold only [A-Za-z0-9_.+/-]))))
# names a user gives (EXP=, VARIANT=, SHAPE=) reach recipes: one of [A-Za-z0-9_.+-] each, no '/'
TXT_WORD_CH := $(filter-out /,$(TXT_NAME_CH))
# $(call txt_check_names,VAR): stops make unless each word of $(VAR) is such a name
txt_check_names = $(foreach w,$($(1)),$(if $(call txt_rest,$(w),$(TXT_WORD_CH)),$(error $(1)='$($(1))': a name may hold only [A-Za-z0-9_.+-])))
# $(call txt_check_name,VAR): the same, for a VAR that holds one name or none
txt_check_name = $(if $(word 2,$($(1))),$(error $(1)='$($(1))': one name: a name may hold only [A-Za-z0-9_.+-]),$(call txt_check_names,$(1)))
# $(call txt_check_path,VAR): stops make unless $(VAR) is empty or one path of [A-Za-z0-9_.+/-]
txt_check_path = $(if $(or $(word 2,$($(1))),$(call txt_rest,$($(1)),$(TXT_NAME_CH))),$(error $(1)='$($(1))': a path may hold only [A-Za-z0-9_.+/-]))
# $(call txt_check_path_as_written,VAR): txt_check_path on VAR's text as the user wrote it: a '$'
# in it stops make before anything expands it (a command-line value holding $(shell ...) would
# run when make exports it to a recipe)
txt_check_path_as_written = $(if $(findstring $$,$(value $(1))),$(error $(1): a path may hold only [A-Za-z0-9_.+/-] (it holds '$$')),$(call txt_check_path,$(1)))
# $(call txt_warn,TEXT): a warning, printed once (not again when make restarts after remaking a
# generated makefile, nor by a sub-make given TXT_QUIET=1 when its caller has warned already)
txt_warn = $(if $(MAKE_RESTARTS)$(TXT_QUIET),,$(warning $(1)))
# $(call txt_words,TEXT): TEXT (a file's contents, $(file <F)) with its newlines as blanks
define TXT_NEWLINE


endef
txt_words = $(strip $(subst $(TXT_NEWLINE), ,$(1)))
#   $(call x_own,VAR): VAR when a makefile (an experiment.mk) or the command line set it
#   (KERNEL_<variant>; one from the environment, such as a shell's KERNEL_RELEASE, is not the
#   experiment's)
x_own = $(if $(filter file command%,$(origin $(1))),$(1))
