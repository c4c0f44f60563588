/* 3-pile Sharing Nim, the straightforward triple loop: G(0, a, b) for 0 <= a <= b <= B.
 * Every option of every position by the three move types (a move takes k tokens from a pile
 * and adds them to another that ends no larger than the source), reduced by Lemma 1 (subtract
 * the smallest pile, sort), then the mex.  About B^3/3 option look-ups.
 * Usage: sharing_triple B OUT  (writes the (B+1) x (B+1) int16 table V[a][b], -1 below the
 * diagonal, as raw bytes). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: %s B OUT\n", argv[0]); return 2; }
    long B = atol(argv[1]), n = B + 1;
    short *V = malloc(sizeof(short) * n * n);
    char *seen = malloc(n + 2);
    if (!V || !seen) { fprintf(stderr, "out of memory\n"); return 1; }
    for (long i = 0; i < n * n; i++) V[i] = -1;
    for (long b = 0; b <= B; b++) {
        for (long a = 0; a <= b; a++) {
            memset(seen, 0, b + 2);
            long p[3] = {0, a, b};
            for (int src = 0; src < 3; src++)
                for (int dst = 0; dst < 3; dst++) {
                    if (src == dst) continue;
                    for (long k = 1; k <= (p[src] - p[dst]) / 2; k++) {
                        long q[3] = {p[0], p[1], p[2]};
                        q[src] -= k; q[dst] += k;
                        long lo = q[0], hi = q[0];
                        for (int i = 1; i < 3; i++) { if (q[i] < lo) lo = q[i]; if (q[i] > hi) hi = q[i]; }
                        long mid = q[0] + q[1] + q[2] - lo - hi;
                        seen[V[(mid - lo) * n + (hi - lo)]] = 1;
                    }
                }
            long g = 0;
            while (seen[g]) g++;
            V[a * n + b] = (short)g;
        }
    }
    FILE *out = fopen(argv[2], "wb");
    if (!out || fwrite(V, sizeof(short), n * n, out) != (size_t)(n * n)) { perror(argv[2]); return 1; }
    fclose(out);
    return 0;
}
