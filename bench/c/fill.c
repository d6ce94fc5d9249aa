/* Reference for the clear benchmark: fill a 3840x2160 RGBA8 buffer with one 32-bit
 * colour, repeatedly, as a C program would. Prints bytes per second. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

__attribute__((noinline)) static void fill(uint32_t *p, size_t n, uint32_t colour) {
    for (size_t i = 0; i < n; i++) p[i] = colour;
}

int main(void) {
    const size_t w = 3840, h = 2160, n = w * h;
    uint32_t *buf = malloc(n * 4);
    if (!buf) return 1;
    fill(buf, n, 0); /* first touch outside the timing */
    double best = 0;
    for (int i = 0; i < 20; i++) {
        double t0 = now();
        fill(buf, n, 0xff0000ffu + (uint32_t) i);
        double t1 = now();
        double rate = n * 4 / (t1 - t0);
        if (rate > best) best = rate;
    }
    if (buf[n - 1] == 0) return 1;
    printf("c_fill_bytes_per_s %.0f\n", best);
    free(buf);
    return 0;
}
