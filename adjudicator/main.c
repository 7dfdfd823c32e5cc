/*
 * main.c - the pbemd command line: picks the subcommand and its options and
 * hands over. `pbemd help COMMAND` prints the same text as `--help`.
 */
#include <getopt.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "adjudicator/diplomacy/cli.h"
#include "adjudicator/referee/referee.h"
#include "adjudicator/render/mappic.h"
#include "adjudicator/serve/backup.h"
#include "adjudicator/serve/daemon.h"
#include "adjudicator/serve/quarantine.h"
#include "adjudicator/serve/status.h"
#include "common/log.h"
#include "common/version.h"

#define EX_USAGE	64

struct main_cmd {
	const char	*name;
	const char	*usage;
	const char	*help;
};

static const struct main_cmd main_cmds[] = {
	{ "serve", "pbemd serve -c FILE [--once]",
	  "Runs the judge: reads new mail from the IMAP mailbox of FILE (with IDLE\n"
	  "when the server offers it, else polling every poll_interval seconds),\n"
	  "handles every command and order, and sends the replies and reports by\n"
	  "SMTP. Reconnects with backoff when a server goes away. SIGTERM or SIGINT\n"
	  "stop it cleanly. --once handles what is waiting, sends, and exits.\n" },
	{ "deliver", "pbemd deliver -c FILE < MESSAGE",
	  "Handles one mail read from standard input through the same code as\n"
	  "serve (for delivery by an MTA, procmail or a .forward pipe), then tries\n"
	  "to send the replies. Exit status (sysexits): 0 done, 65 unreadable or\n"
	  "too large, 75 temporary failure (the MTA should retry; also when the\n"
	  "store cannot be opened), 78 bad config.\n" },
	{ "tick", "pbemd tick -c FILE",
	  "Runs the phase clock once (deadlines, reminders, grace ends, games\n"
	  "whose orders are complete) and sends what the outbox holds, for\n"
	  "installations that take mail with deliver instead of running serve:\n"
	  "run it from cron every minute (* * * * * pbemd tick -c FILE) and set\n"
	  "[judge] poll_interval to the cron interval in seconds. It keeps the\n"
	  "heartbeat: after a silence longer than twice poll_interval plus two\n"
	  "minutes, deadlines that passed meanwhile move on by the time lost.\n"
	  "Exit status 0, or 78 bad config.\n" },
	{ "quarantine", "pbemd quarantine -c FILE list|show ID|retry ID",
	  "The mails set aside after failing max_failures times (their senders\n"
	  "were told that a human will look at them), kept with their text:\n"
	  "  list      the mails held, newest first: id, time received (UTC),\n"
	  "            sender, Message-ID and reason, one a line, tab-separated\n"
	  "  show ID   one of them: where and when it came, the reason, failed\n"
	  "            retries, then the mail as it came (control characters\n"
	  "            shown as \\xNN on a terminal, as they are into a file)\n"
	  "  retry ID  handles the mail now as deliver would, the quarantine\n"
	  "            lifted: it is answered as if it came now, not as a\n"
	  "            duplicate, and its failure count starts anew. If it fails\n"
	  "            again it stays held and its sender is told nothing more.\n"
	  "            Its replies wait in the outbox for serve or the next tick.\n"
	  "Safe while serve runs. Exit status 0, 64 usage, 65 the mail failed\n"
	  "again (retry), 66 no such mail held, 75 the store is busy or failing\n"
	  "(try again), 78 bad config.\n" },
	{ "backup", "pbemd backup -c FILE DEST",
	  "Copies the judge's database to the file DEST while serve runs, with\n"
	  "SQLite's online backup API (a few hundred pages at a time, so the\n"
	  "judge is never held up long), as one file without a WAL, then checks\n"
	  "the copy with PRAGMA integrity_check and only then puts it in place of\n"
	  "DEST (written beside it first, synced). DEST may not be the database\n"
	  "itself. Prints the copy's pages, schema version and \"integrity_check\n"
	  "ok\". Restore by stopping the judge and putting the copy in the\n"
	  "database's place (its -wal and -shm files removed). Exit status 0,\n"
	  "64 usage or DEST is the database, 65 the copy fails the check (the\n"
	  "database may be damaged; DEST is left as it was), 66 the database\n"
	  "cannot be opened, 73 DEST cannot be created, 74 writing it failed,\n"
	  "75 the database stayed locked (try again), 78 bad config.\n" },
	{ "status", "pbemd status -c FILE",
	  "Prints the judge at a glance, one section a topic: the games by state\n"
	  "and a line per running game (name, kind, phase, deadline), the outbox\n"
	  "(mails waiting and since when, failing ones with their attempts and\n"
	  "last error, refused, sent), the mails held in quarantine (how many,\n"
	  "the newest), and when the last mail came and the clock last ticked.\n"
	  "Times are UTC. Reads the database only: safe while serve runs. The\n"
	  "addresses of [judge] keepers get the same text by mail (STATUS).\n"
	  "Exit status 0, 66 the database cannot be opened (missing, or of\n"
	  "another schema version), 75 it cannot be read now, 78 bad config.\n" },
	{ "adjudicate", "pbemd adjudicate [--no-retreat] [--start=1898] [--old-civil-disorder] [--png DIR] [FILE|-]",
	  "Adjudicates Diplomacy cases written in the DATC record format (each\n"
	  "CASE ... END, PHASE blocks with UNIT, OWNS and ORDER lines), any number\n"
	  "in one run, each from its own start, and prints the results of every\n"
	  "phase in the same notation under the case's CASE line. Expected results\n"
	  "in the input are ignored. A line that cannot be read ends its case with\n"
	  "an ERROR record naming the line; the other cases still run. --png DIR\n"
	  "draws each phase to DIR/CASE-PHASE.png. Exit status 65 when a case had\n"
	  "a line that cannot be read. pbemd-adjudicate is the same command as a\n"
	  "small program of its own, for drivers that run one case a process.\n" },
	{ "referee", "pbemd referee GAME [--lang en|de] [--templates DIR] [--echo]",
	  "The referee's console: drives one game of kind GAME (e.g. weekeewachee)\n"
	  "through the judge's own engine, parser and views. Reads one command a\n"
	  "line on standard input; every answer starts with a line \"ok ...\",\n"
	  "\"refused KEY TEXT\" or \"error TEXT\" and ends with a line \".\".\n"
	  "Commands:\n"
	  "  new SEED [first SIDE] [OPTION...]  a new game, started (CREATE options)\n"
	  "  position       then the saved state text and a line \".\" (\"..\" for \".\");\n"
	  "                 judged as after a move, answered as result\n"
	  "  state          the saved state text      sides   the sides' names\n"
	  "  as SIDE|gm|auto  who speaks (auto: the one side due)\n"
	  "  legal, count   the speaker's legal orders, sorted; their number\n"
	  "  play LINE      one order line as a mail of its own\n"
	  "  order LINE     one line of a longer mail; submit ends the mail\n"
	  "  orders         the orders kept for this phase\n"
	  "  clear [SIDE]   the judge's CLEAR   pending [SIDE]  what SIDE still owes\n"
	  "  resign [SIDE]  the judge's RESIGN\n"
	  "  view SIDE|gm   a view: seat, ply, status, winner, due, grid, cell,\n"
	  "                 material and msg lines     board SIDE|gm  its diagram\n"
	  "  result         forming, running, won SIDE or drawn; once over,\n"
	  "                 \"why KEY TEXT\": the reason the game gives\n"
	  "  perft N        move paths to depth N (games that have it)\n"
	  "  help, quit\n"
	  "An accepted order line answers ok, order and echo lines, and when it\n"
	  "completes the phase, \"played PLY\" and one \"told SIDE KEY TEXT\" line per\n"
	  "message of each side's new view. docs/referee.md has the whole format.\n"
	  "Exit status 0 at the end of the input or quit, 64 usage (or an unknown\n"
	  "game), 66 no message catalog found.\n" },
	{ "version", "pbemd version",
	  "Prints the version of pbemd (as pbemd --version does): the release,\n"
	  "or for a build from git, what git describe said of the tree.\n" },
	{ "help", "pbemd help [COMMAND]",
	  "Prints the usage of pbemd or of one command.\n" },
};

#define MAIN_NCMDS (sizeof(main_cmds) / sizeof(main_cmds[0]))

static void
main_usage(FILE *f)
{
	size_t	 i;

	fprintf(f, "pbemd - a play-by-email judge for Diplomacy and referee "
	    "games\n\nusage:\n");
	for (i = 0; i < MAIN_NCMDS; i++)
		fprintf(f, "  %s\n", main_cmds[i].usage);
	fprintf(f, "\n`pbemd help COMMAND` says more about each. Players talk "
	    "to the judge by mail:\nsend HELP to its address.\n");
}

static const struct main_cmd *
main_find(const char *name)
{
	size_t	 i;

	for (i = 0; i < MAIN_NCMDS; i++)
		if (strcmp(main_cmds[i].name, name) == 0)
			return &main_cmds[i];
	return NULL;
}

static int
main_help(const char *name)
{
	const struct main_cmd	*c;

	if (name == NULL) {
		main_usage(stdout);
		return 0;
	}
	if ((c = main_find(name)) == NULL) {
		fprintf(stderr, "pbemd: no command %s\n", name);
		main_usage(stderr);
		return EX_USAGE;
	}
	printf("usage: %s\n\n%s", c->usage, c->help);
	return 0;
}

/* Whether the command's words ask for its help (-h or --help). */
static bool
main_wants_help(int argc, char **argv)
{
	int	 i;

	for (i = 2; i < argc; i++)
		if (strcmp(argv[i], "-h") == 0 ||
		    strcmp(argv[i], "--help") == 0)
			return true;
	return false;
}

/* serve, deliver and tick: -c FILE, and --once for serve. */
static int
main_mail_cmd(const char *name, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "config", required_argument, NULL, 'c' },
		{ "once", no_argument, NULL, 'o' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char	*config = NULL;
	bool		 once = false;
	int		 ch;

	optind = 1;
	while ((ch = getopt_long(argc, argv, "c:h", opts, NULL)) != -1) {
		switch (ch) {
		case 'c':
			config = optarg;
			break;
		case 'o':
			once = true;
			break;
		case 'h':
			return main_help(name);
		default:
			return main_help(name) == 0 ? EX_USAGE : EX_USAGE;
		}
	}
	if (config == NULL || optind != argc ||
	    (once && strcmp(name, "serve") != 0)) {
		fprintf(stderr, "usage: %s\n", main_find(name)->usage);
		return EX_USAGE;
	}
	if (strcmp(name, "serve") == 0)
		return daemon_serve(config, once);
	if (strcmp(name, "tick") == 0)
		return daemon_tick_once(config);
	return daemon_deliver(config);
}

/* The ID of show and retry: a positive decimal number, or -1. */
static int64_t
main_id(const char *s)
{
	int64_t	 id = 0;

	if (*s == '\0' || strlen(s) > 18)
		return -1;
	for (; *s != '\0'; s++) {
		if (*s < '0' || *s > '9')
			return -1;
		id = id * 10 + (*s - '0');
	}
	return id > 0 ? id : -1;
}

/* quarantine -c FILE list|show ID|retry ID */
static int
main_quarantine(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "config", required_argument, NULL, 'c' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	enum quarantine_verb	 verb;
	const char		*config = NULL, *usage;
	int64_t			 id = 0;
	int			 ch, words;

	usage = main_find("quarantine")->usage;
	optind = 1;
	while ((ch = getopt_long(argc, argv, "c:h", opts, NULL)) != -1) {
		if (ch == 'c')
			config = optarg;
		else if (ch == 'h')
			return main_help("quarantine");
		else
			goto usage;
	}
	words = argc - optind;
	if (config == NULL || words < 1)
		goto usage;
	if (strcmp(argv[optind], "list") == 0 && words == 1)
		verb = QUARANTINE_LIST;
	else if (strcmp(argv[optind], "show") == 0 && words == 2)
		verb = QUARANTINE_SHOW;
	else if (strcmp(argv[optind], "retry") == 0 && words == 2)
		verb = QUARANTINE_RETRY;
	else
		goto usage;
	if (verb != QUARANTINE_LIST && (id = main_id(argv[optind + 1])) < 0) {
		fprintf(stderr, "pbemd: quarantine: %s is no mail's ID (a "
		    "number from list)\n", argv[optind + 1]);
		return EX_USAGE;
	}
	return quarantine_main(config, verb, id);
usage:
	fprintf(stderr, "usage: %s\n", usage);
	return EX_USAGE;
}

/*
 * The options of a command over the store: -c FILE into *config, and
 * exactly nwords words after them, from argv[*first] on. 0, or the exit
 * status when the command is not to run (help asked, a usage error said).
 */
static int
main_store_args(const char *name, int argc, char **argv, int nwords,
    const char **config, int *first)
{
	static const struct option opts[] = {
		{ "config", required_argument, NULL, 'c' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	int	 ch;

	*config = NULL;
	optind = 1;
	while ((ch = getopt_long(argc, argv, "c:h", opts, NULL)) != -1) {
		if (ch == 'c')
			*config = optarg;
		else if (ch == 'h') {
			(void)main_help(name);
			return -1;
		} else
			goto usage;
	}
	if (*config == NULL || argc - optind != nwords)
		goto usage;
	*first = optind;
	return 0;
usage:
	fprintf(stderr, "usage: %s\n", main_find(name)->usage);
	return EX_USAGE;
}

/* backup -c FILE DEST */
static int
main_backup(int argc, char **argv)
{
	const char	*config;
	int		 rc, at;

	if ((rc = main_store_args("backup", argc, argv, 1, &config, &at)) != 0)
		return rc < 0 ? 0 : rc;
	return backup_main(config, argv[at], stdout, stderr);
}

/* status -c FILE */
static int
main_status(int argc, char **argv)
{
	const char	*config;
	int		 rc, at;

	if ((rc = main_store_args("status", argc, argv, 0, &config, &at)) != 0)
		return rc < 0 ? 0 : rc;
	return status_main(config, stdout, stderr);
}

/* `pbemd adjudicate --png DIR`: one phase's map, in English. */
static int
main_png(void *arg, const char *path, const struct game_mapview *mv)
{
	const struct catalog	*cat = arg;
	struct buf		 png;
	FILE			*f;
	int			 rc = -1;

	buf_init(&png);
	if (mappic_png(cat, mv, 0, &png) != 0)
		fprintf(stderr, "pbemd adjudicate: cannot draw %s\n", path);
	else if ((f = fopen(path, "wb")) == NULL)
		fprintf(stderr, "pbemd adjudicate: cannot write %s\n", path);
	else {
		rc = fwrite(png.data, 1, png.len, f) == png.len ? 0 : -1;
		if (fclose(f) != 0 || rc != 0) {
			fprintf(stderr, "pbemd adjudicate: cannot write %s\n",
			    path);
			rc = -1;
		}
	}
	buf_free(&png);
	return rc;
}

/* The adjudicator; the catalog is read only when a map is to be drawn. */
static int
main_adjudicate(int argc, char **argv)
{
	struct catalog	*cat = NULL;
	char		 why[256];
	int		 i, rc;

	for (i = 1; i < argc; i++)
		if (strcmp(argv[i], "--png") == 0)
			break;
	if (i < argc && (cat = referee_catalog(NULL, "en", NULL, why,
	    sizeof(why))) == NULL) {
		fprintf(stderr, "pbemd adjudicate: no templates: %s\n", why);
		return EX_USAGE;
	}
	rc = dip_cli_main(argc, argv, cat ? main_png : NULL, cat);
	catalog_free(cat);
	return rc;
}

int
main(int argc, char **argv)
{
	const char	*cmd;

	log_init(LOG_LEVEL_INFO, "pbemd");
	if (argc < 2) {
		main_usage(stderr);
		return EX_USAGE;
	}
	cmd = argv[1];
	if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0)
		return main_help(NULL);
	if (strcmp(cmd, "help") == 0)
		return main_help(argc > 2 ? argv[2] : NULL);
	if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "version") == 0) {
		if (main_wants_help(argc, argv))
			return main_help("version");
		printf("pbemd %s\n", version_string);
		return 0;
	}
	if (strcmp(cmd, "serve") == 0 || strcmp(cmd, "deliver") == 0 ||
	    strcmp(cmd, "tick") == 0)
		return main_mail_cmd(cmd, argc - 1, argv + 1);
	if (strcmp(cmd, "quarantine") == 0)
		return main_quarantine(argc - 1, argv + 1);
	if (strcmp(cmd, "backup") == 0)
		return main_backup(argc - 1, argv + 1);
	if (strcmp(cmd, "status") == 0)
		return main_status(argc - 1, argv + 1);
	if (strcmp(cmd, "adjudicate") == 0)
		return main_adjudicate(argc - 1, argv + 1);
	if (strcmp(cmd, "referee") == 0)
		return main_wants_help(argc, argv) ? main_help(cmd) :
		    referee_main(argc - 1, argv + 1);
	fprintf(stderr, "pbemd: unknown command %s\n", cmd);
	main_usage(stderr);
	return EX_USAGE;
}
