// plot_ticks.h — the tick values of a figure's axis, chosen from the range its data span, so that
// the labels neither run together (a step too fine for the axis) nor leave a log axis with two or
// three ticks over data spanning less than a decade. prep_plots writes them into a figure's .gpv
// as a word list (`xtv = "0.8 0.9 1"`), which plots/*.gp turn into `set xtics` and
// plots/geom.gp reports for the figure check (tools/report/fig_check.c).
#pragma once
#include <stddef.h>
#include <stdio.h>

enum { TICKS_MAX = 32 };

// Linear ticks: the multiples of the smallest step of 1, 2, 2.5 or 5 × 10^k that puts at most MAXN
// ticks in [LO, HI] (MAXN >= 2); returns how many were written to V (at most TICKS_MAX), 0 when
// the range is empty or not finite.
size_t ticks_linear(double lo, double hi, size_t maxn, double v[]);

// Log ticks: the coarsest set of mantissas ({1}, {1, 2, 5}, {1, 2, 3, 5, 7}, 1 to 9) times the
// powers of ten that puts at least MINN ticks in [LO, HI] and at most MAXN, else linear ticks
// (a range too narrow for any set); LO > 0. Returns the count written to V.
size_t ticks_log(double lo, double hi, size_t minn, size_t maxn, double v[]);

// Writes `NAME = "v1 v2 …"` (each %g, the label the figure prints) and a newline to F.
void ticks_put(FILE *f, const char *name, const double v[], size_t n);
