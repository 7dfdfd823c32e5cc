/*
 * bench_spawn.c - `bench_spawn RUNS LIST CMD [ARG...]`: the wall time of
 * a process, as a driver that runs one program per case sees it (issue
 * 18). Runs CMD RUNS times one after the other, run i with standard
 * input from the (i mod n)th path listed in the file LIST and its output
 * thrown away, timing each from posix_spawn() to waitpid(). Prints one
 * line "runs N median_us M best_us B total_s T failed F" (F: runs that
 * did not exit 0), then "cpu_best_us C": the least CPU time (user and
 * system, from wait4()) of a run, which other work on a busy machine
 * inflates less than the wall time. A shell loop would add its own fork
 * to every run.
 */
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>

extern char **environ;

#define SPAWN_MAX_INPUTS	100000

static double
spawn_now(void)
{
	struct timespec	 ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int
spawn_cmp(const void *a, const void *b)
{
	double	 x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* The paths of list, one a line; how many, or -1. */
static int
spawn_inputs(const char *list, char **out, int max)
{
	FILE	*f;
	char	 line[4096];
	int	 n = 0;

	if ((f = fopen(list, "r")) == NULL)
		return -1;
	while (n < max && fgets(line, sizeof(line), f) != NULL) {
		line[strcspn(line, "\n")] = '\0';
		if (line[0] != '\0' && (out[n] = strdup(line)) != NULL)
			n++;
	}
	fclose(f);
	return n;
}

/* One run with input as standard input; its wall time, or -1 if it did
 * not start. *ok: it exited 0; *cpu: its CPU time. */
static double
spawn_one(char **cmd, const char *input, int *ok, double *cpu)
{
	posix_spawn_file_actions_t	 fa;
	struct rusage			 ru;
	pid_t				 pid;
	double				 t0;
	int				 st, rc;

	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 0, input, O_RDONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
	t0 = spawn_now();
	rc = posix_spawn(&pid, cmd[0], &fa, NULL, cmd, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (rc != 0 || wait4(pid, &st, 0, &ru) != pid)
		return -1;
	*ok = WIFEXITED(st) && WEXITSTATUS(st) == 0;
	*cpu = (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
	    (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
	return spawn_now() - t0;
}

int
main(int argc, char **argv)
{
	static char	*inputs[SPAWN_MAX_INPUTS];
	double		*t, total = 0, cpu, cpu_best = 1e9;
	int		 runs, n, i, ok, failed = 0;

	if (argc < 4 || (runs = atoi(argv[1])) <= 0) {
		fprintf(stderr, "usage: bench_spawn RUNS LIST CMD [ARG...]\n");
		return 64;
	}
	if ((n = spawn_inputs(argv[2], inputs, SPAWN_MAX_INPUTS)) <= 0) {
		fprintf(stderr, "bench_spawn: no inputs in %s\n", argv[2]);
		return 66;
	}
	if ((t = calloc((size_t)runs, sizeof(*t))) == NULL)
		return 71;
	for (i = 0; i < runs; i++) {
		if ((t[i] = spawn_one(argv + 3, inputs[i % n], &ok, &cpu)) < 0) {
			fprintf(stderr, "bench_spawn: cannot run %s\n",
			    argv[3]);
			return 71;
		}
		failed += !ok;
		total += t[i];
		if (cpu < cpu_best)
			cpu_best = cpu;
	}
	qsort(t, (size_t)runs, sizeof(*t), spawn_cmp);
	printf("runs %d median_us %.0f best_us %.0f total_s %.3f failed %d "
	    "cpu_best_us %.0f\n", runs, t[runs / 2] * 1e6, t[0] * 1e6, total,
	    failed, cpu_best * 1e6);
	free(t);
	for (i = 0; i < n; i++)
		free(inputs[i]);
	return 0;
}
