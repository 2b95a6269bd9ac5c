#!/usr/bin/env Rscript
# Oracle for tests/stats/test_stats.c, the R half: Holm (p.adjust) and Cliff's delta with its CI.
# Run from the repository root after make_stats_fixtures.py (it reads the data sets there):
#   Rscript tests/oracles/make_stats_fixtures.R
# effsize is not packaged for Debian, so cliff() below re-states effsize::cliff.delta's
# documented formulas (Cliff 1996; Feng & Cliff 2004) on the full dominance matrix, the naive
# way; it reproduces effsize's published example (-0.25, CI -0.7265846 0.3890062 with its
# defaults; variance terms 0.2669753, 0.447, 1.0055556).
out <- "tests/fixtures/stats"
rd <- function(name) scan(file.path(out, paste0(name, ".txt")), comment.char = "#", quiet = TRUE)

cliff <- function(x, y, conf.level = 0.95, unbiased = FALSE) {
  dom <- sign(outer(x, y, "-"))
  n1 <- length(x); n2 <- length(y)
  d <- mean(dom)
  dd <- if (abs(d) == 1) d * (n1 * n2 - 1) / (n1 * n2) else d
  di <- rowMeans(dom); dj <- colMeans(dom)
  ssr <- sum((dom - dd)^2)
  if (unbiased) {
    s <- (n2^2 * sum((di - dd)^2) + n1^2 * sum((dj - dd)^2) - ssr) / (n1 * n2 * (n1 - 1) * (n2 - 1))
    z <- qt(1 - (1 - conf.level) / 2, n1 + n2 - 2)
  } else {
    s <- ((n2 - 1) * sum((di - dd)^2) / (n1 - 1) + (n1 - 1) * sum((dj - dd)^2) / (n2 - 1) +
          ssr / ((n1 - 1) * (n2 - 1))) / (n1 * n2)
    z <- qnorm(1 - (1 - conf.level) / 2)
  }
  r <- z * sqrt(s) * sqrt((1 - dd^2)^2 + z^2 * s)
  ci <- c(dd - dd^3 - r, dd - dd^3 + r) / (1 - dd^2 + z^2 * s)
  if (d == 1) ci[2] <- 1
  if (d == -1) ci[1] <- -1
  c(d, ci, s)
}

ex <- cliff(c(10,10,20,20,20,30,30,30,40,50), c(10,20,30,40,40,50), unbiased = TRUE)
stopifnot(abs(ex[2] - -0.7265846) < 1e-7, abs(ex[3] - 0.3890062) < 1e-7)

pairs <- list(c("ties_a", "ties_b"), c("big_a", "big_b"), c("small_a", "small_b"),
              c("mid_a", "mid_b"), c("sk_a", "sk_b"), c("disj_a", "disj_b"), c("disj_b", "disj_a"),
              c("n8", "n500"))
con <- file(file.path(out, "cliff.txt"), "w")
writeLines(sprintf("# %s; x y method alpha delta lo hi var", R.version.string), con)
for (p in pairs) for (alpha in c(0.05, 0.01)) for (u in c(FALSE, TRUE)) {
  r <- cliff(rd(p[1]), rd(p[2]), 1 - alpha, u)
  writeLines(sprintf("%s %s %s %g %.17g %.17g %.17g %.17g", p[1], p[2],
                     if (u) "unbiased-t" else "consistent-normal", alpha, r[1], r[2], r[3], r[4]), con)
}
close(con)

# Holm: "n p_1..p_n adj_1..adj_n" per line, including ties, ones and tiny values
set.seed(3)
con <- file(file.path(out, "holm.txt"), "w")
writeLines(sprintf("# %s p.adjust(p, 'holm'); n p... adj...", R.version.string), con)
vs <- list(c(0.01, 0.04, 0.03, 0.005), c(0.2, 0.2, 0.01, 0.01, 0.5, 1), c(1e-300, 0.04),
           c(0.5), runif(17)^3, c(0.049, 0.0125, 0.025, 0.0124), round(runif(40), 2)^2)
for (p in vs)
  writeLines(paste(length(p), paste(sprintf("%.17g", p), collapse = " "),
                   paste(sprintf("%.17g", p.adjust(p, "holm")), collapse = " ")), con)
close(con)
cat("fixtures written to", out, "\n")

# Holm through the command line: the two-sided auto p-values of three pairs (scipy, mwu.txt)
# adjusted together, in the order `stats compare --holm ties_a ties_b sk_a sk_b mid_a mid_b`.
m <- read.table(file.path(out, "mwu.txt"), comment.char = "#",
                col.names = c("x", "y", "alt", "method", "cont", "U", "p"))
pick <- function(a, b) with(m, p[x == a & y == b & alt == "two-sided" & method == "auto"])
p <- c(pick("ties_a", "ties_b"), pick("sk_a", "sk_b"), pick("mid_a", "mid_b"))
writeLines(c(sprintf("# %s p.adjust(p, 'holm') of scipy's p for ties, sk, mid", R.version.string),
             sprintf("%.17g", p.adjust(p, "holm"))), file.path(out, "cli_holm.txt"))
