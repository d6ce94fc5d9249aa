/* Reference for the interpreter benchmark: a minimal switch interpreter of the same
 * CSF loop (MOVE32 r0, #N; loop: ADD_IMMEDIATE32 r0, r0, #-1; BRANCH.ne r0, loop),
 * decoding the same 64-bit words on every step. Prints instructions per second. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static uint64_t run(const uint64_t *code, int64_t count, uint32_t *regs) {
    int64_t pc = 0;
    uint64_t steps = 0;
    while (pc >= 0 && pc < count) {
        uint64_t w = code[pc];
        steps++;
        switch (w >> 56) {
        case 2: /* MOVE32 */
            regs[(w >> 48) & 0xff] = (uint32_t) w;
            pc++;
            break;
        case 16: /* ADD_IMMEDIATE32 */
            regs[(w >> 48) & 0xff] = regs[(w >> 40) & 0xff] + (uint32_t) w;
            pc++;
            break;
        case 22: { /* BRANCH */
            int32_t v = (int32_t) regs[(w >> 40) & 0xff];
            int taken;
            switch ((w >> 28) & 7) {
            case 0: taken = v <= 0; break;
            case 1: taken = v > 0; break;
            case 2: taken = v == 0; break;
            case 3: taken = v != 0; break;
            case 4: taken = v < 0; break;
            case 5: taken = v >= 0; break;
            default: taken = 1; break;
            }
            pc += 1 + (taken ? (int16_t) (w & 0xffff) : 0);
            break;
        }
        default:
            return steps;
        }
    }
    return steps;
}

int main(int argc, char **argv) {
    uint32_t n = argc > 1 ? (uint32_t) strtoul(argv[1], 0, 10) : 50000000u;
    volatile uint64_t program[3];
    program[0] = (2ull << 56) | ((uint64_t) n);                                    /* MOVE32 r0, #n */
    program[1] = (16ull << 56) | (0xffffffffull);                                  /* ADD_IMMEDIATE32 r0, r0, #-1 */
    program[2] = (22ull << 56) | (3ull << 28) | (uint64_t) (uint16_t) -2;          /* BRANCH.ne r0, loop */
    uint64_t code[3] = {program[0], program[1], program[2]};
    uint32_t regs[96] = {0};
    double best = 0;
    for (int i = 0; i < 5; i++) {
        double t0 = now();
        uint64_t steps = run(code, 3, regs);
        double t1 = now();
        double rate = steps / (t1 - t0);
        if (rate > best) best = rate;
        if (regs[0] != 0) return 1;
    }
    printf("c_interp_instructions_per_s %.0f\n", best);
    return 0;
}
