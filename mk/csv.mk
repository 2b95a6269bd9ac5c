# csv.mk — the CSV table reader (tools/csv/: the generated tables read whole, columns by name,
# `# key: value` meta lines, numbers; GSL-free C11), linked by stats and report (CSV_OBJS), and its
# unit test.
CSV_OBJS := $(B)/tools/obj/csv/csv_table.o

TEST_PROGS += $(B)/tests/test_csv_table
$(B)/tests/test_csv_table: tests/csv/test_csv_table.c $(CSV_OBJS)
	@mkdir -p $(@D)
	$(CC) $(TOOLS_CFLAGS) -Itests -o $@ $< $(CSV_OBJS)
-include $(B)/tests/test_csv_table.d
