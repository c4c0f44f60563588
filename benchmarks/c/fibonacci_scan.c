/* Multiple Fibonacci Nim, 3 piles, factor 2: the straightforward scan.  For every sorted pile
 * tuple a >= b >= c (lexicographic order: every follower comes first) it tries every removal
 * from every pile: (p; x) has a winning move taking i chips iff the follower q is P after a
 * removal of i, i.e. last[q] >= i; with t the least such i, last[p] = (t - 1) / 2 (the largest
 * x with 2x < t), or the cap when there is none.  A first move (every pile >= 2, no whole pile)
 * is P iff no such move with i < pile exists.
 * Usage: fibonacci_scan N OUT  (writes the first-move P-positions "a,b,c" one a line). */
#include <stdio.h>
#include <stdlib.h>

#define CAP 65535
static long n;
static unsigned short *last;
#define AT(a, b, c) last[((a) * n + (b)) * n + (c)]

static void sort3(long *x) {
    long t;
    if (x[0] < x[1]) { t = x[0]; x[0] = x[1]; x[1] = t; }
    if (x[1] < x[2]) { t = x[1]; x[1] = x[2]; x[2] = t; }
    if (x[0] < x[1]) { t = x[0]; x[0] = x[1]; x[1] = t; }
}

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: %s N OUT\n", argv[0]); return 2; }
    long N = atol(argv[1]);
    n = N + 1;
    last = calloc((size_t)(n * n * n), sizeof(unsigned short));
    FILE *out = fopen(argv[2], "w");
    if (!last || !out) { perror("fibonacci_scan"); return 1; }
    for (long a = 0; a <= N; a++)
        for (long b = 0; b <= a; b++)
            for (long c = 0; c <= b; c++) {
                long p[3] = {a, b, c}, best = -1, first_win = 0;
                for (int j = 0; j < 3; j++)
                    for (long i = 1; i <= p[j]; i++) {
                        long q[3] = {p[0], p[1], p[2]};
                        q[j] -= i;
                        sort3(q);
                        if (AT(q[0], q[1], q[2]) >= i) {
                            if (best < 0 || i < best) best = i;
                            if (i < p[j]) first_win = 1;
                        }
                    }
                AT(a, b, c) = best < 0 ? CAP : (unsigned short)((best - 1) / 2);
                if (c >= 2 && !first_win) fprintf(out, "%ld,%ld,%ld\n", a, b, c);
            }
    fclose(out);
    return 0;
}
