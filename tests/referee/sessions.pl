#!/usr/bin/env perl
# tests/referee/sessions.pl [--crowded] PBEMD GAME SEED STEPS - one random
# session of the referee console (docs/referee.md), printed as its input
# lines. It drives `PBEMD referee GAME` itself and chooses each command from
# the answers so far: orders from `legal` (the two-player games) or from the
# state text, the standard map and `pending` (Diplomacy, Zombie), with
# supported attacks so that units retreat, disband and rise; refused and
# mangled lines, replacements of a slot, several orders on a line, clear,
# pending and resign of every side and gm, positions given back, new games.
# --crowded starts from a Diplomacy or Zombie position with a unit in every
# province: the largest order books a console can hold. same-answers.sh
# replays the sessions through two binaries.
use strict;
use warnings;
use Cwd qw(abs_path);
use File::Basename qw(dirname);
use IPC::Open2;

my $crowded = @ARGV && $ARGV[0] eq '--crowded' ? shift : undef;
my ($bin, $game, $seed, $steps) = @ARGV;
die "usage: sessions.pl [--crowded] PBEMD GAME SEED STEPS\n"
    unless defined $steps;
srand($seed);
$bin = abs_path($bin) if -e $bin;
# The catalogs and maps/standard.map are read from the top of the tree.
my $root = dirname($0) . '/../..';
chdir $root or die "$root: $!";

my $pid = open2(my $rd, my $wr, $bin, 'referee', $game);
my @session;

sub pick { return $_[int(rand(@_))]; }
sub chance { return rand() < $_[0]; }

# Sends one command line (and, for position, its text); returns the answer.
sub cmd {
	my ($line, @more) = @_;
	push @session, $line, @more;
	print $wr "$_\n" for ($line, @more);
	$wr->flush;
	my @a;
	while (defined(my $l = <$rd>)) {
		chomp $l;
		last if $l eq '.';
		push @a, $l;
	}
	return @a;
}

# A line the console skips: no answer to read.
sub skipped {
	my ($line) = @_;
	push @session, $line;
	print $wr "$line\n";
	$wr->flush;
}

my @sides = map { /^side \d+ (\S+)/ ? ($1) : () } cmd('sides');
my $dip = $game eq 'standard' || $game eq 'zombie';
my $haslegal = !$dip;

# ---------------------------------------------------------------- the map
my (%army, %fleet, %home, %sc, @provs, @powers);
if ($dip) {
	open(my $m, '<', 'maps/standard.map') or die "map: $!";
	while (<$m>) {
		s/#.*//;
		my @w = split;
		next unless @w;
		if ($w[0] eq 'POWER') { push @powers, $w[1]; }
		elsif ($w[0] eq 'PROVINCE') {
			push @provs, $w[1];
			$sc{$w[1]} = 1 if $w[3] eq 'SC';
			push @{$home{$w[4]}}, $w[1] if $w[4] ne '-';
		} elsif ($w[0] eq 'ARMY') { $army{$w[1]} = [@w[3 .. $#w]]; }
		elsif ($w[0] eq 'FLEET') { $fleet{$w[1]} = [@w[3 .. $#w]]; }
	}
	close $m;
}

# ---------------------------------------------------- the state, parsed
my %st;
sub read_state {
	my @t = cmd('state');
	shift @t;
	%st = (text => [map { s/^\.\././r } @t], units => [], retreats => [],
	    owns => {});
	for (@t) {
		if (/^(?:(nr|z)\.)?unit: (\w+) ([AF]) (\S+)/) {
			push @{$st{units}}, { board => $1 // '', pow => $2,
			    kind => $3, loc => $4 };
		} elsif (/^(?:(nr|z)\.)?retreat: (\w+) ([AF]) (\S+) \S+ \S+ ?(.*)/) {
			push @{$st{retreats}}, { board => $1 // '', pow => $2,
			    kind => $3, loc => $4, opts => [split ' ', $5] };
		} elsif (/^(?:(nr|z)\.)?owns: (\w+) (.*)/) {
			$st{owns}{$2} += scalar(split ' ', $3);
		} elsif (/^(?:(nr|z)\.)?phase: (\S+)/) {
			$st{phase}{$1 // ''} = $2;
		}
	}
}

sub prefix {
	my ($b) = @_;
	return $game ne 'zombie' ? '' : chance(0.15) ? '' :
	    $b eq 'z' ? pick('Z: ', 'Zombie: ', 'Z: ') : pick('NR: ', 'NR: ', 'nr: ');
}

sub prov { return $_[0] =~ s{/.*}{}r; }

# One order for a unit of the state, movement style.
sub unit_order {
	my ($u) = @_;
	my $me = "$u->{kind} $u->{loc}";
	my $adj = $u->{kind} eq 'A' ? $army{prov($u->{loc})} : $fleet{$u->{loc}};
	my @adj = @{$adj // []};
	my $r = rand();
	return prefix($u->{board}) . "$me H" if $r < 0.3 || !@adj;
	return prefix($u->{board}) . "$me - " . pick(@adj) if $r < 0.65;
	if ($r < 0.8) {
		my @near = grep { my $x = $_; grep { prov($_) eq prov($x->{loc}) }
		    @adj } @{$st{units}};
		return prefix($u->{board}) . "$me S $near[0]{kind} $near[0]{loc}"
		    if @near && chance(0.5);
		my $to = prov(pick(@adj));
		my @mv = grep { my $x = $_; my $a = $x->{kind} eq 'A' ?
		    $army{prov($x->{loc})} : $fleet{$x->{loc}};
		    grep { prov($_) eq $to } @{$a // []} } @{$st{units}};
		return prefix($u->{board}) .
		    (@mv ? "$me S $mv[0]{kind} $mv[0]{loc} - $to" : "$me S A $to");
	}
	return prefix($u->{board}) . "$me C A " . pick(@provs) . ' - ' .
	    pick(@provs) if $r < 0.86;
	return pick("$me - " . pick(@provs), "$me X", "A " . pick(@provs) .
	    " H", "$me - $u->{loc}", "HOLD", "$me H H", "F " . pick(@provs) .
	    " S F " . pick(@provs));
}

sub retreat_order {
	my ($r) = @_;
	my $me = "$r->{kind} $r->{loc}";
	my $p = prefix($r->{board});
	return pick("$p$me D", "$p$me DISBAND",
	    @{$r->{opts}} ? ("$p$me R " . pick(@{$r->{opts}})) x 3 : (),
	    "$p$me R " . pick(@provs), "UNDEAD $me -> " . pick(@provs),
	    "$me - " . pick(@provs));
}

sub adjust_orders {
	my ($pow) = @_;
	my @mine = grep { $_->{pow} eq $pow } @{$st{units}};
	my @l;
	for my $h (@{$home{$pow} // []}) {
		next if grep { prov($_->{loc}) eq $h } @{$st{units}};
		push @l, pick("BUILD A $h", "BUILD F $h", "A $h B", "BUILD A $h");
	}
	push @l, "REMOVE $_->{kind} $_->{loc}", "$_->{kind} $_->{loc} D"
	    for @mine;
	push @l, 'WAIVE', 'WAIVE 2', 'WAIVE ALL', 'BUILD A ' . pick(@provs);
	push @l, map { "ZOMBIE A -> $_" } @{$home{$pow} // []}
	    if $game eq 'zombie';
	return @l;
}

# Candidate order lines for seat in the current phase.
sub dip_lines {
	my ($seat) = @_;
	my $pow = $powers[$seat] // 'XXX';
	my @l;
	push @l, unit_order($_) for grep { $_->{pow} eq $pow } @{$st{units}};
	push @l, retreat_order($_) for grep { $_->{pow} eq $pow }
	    @{$st{retreats}};
	push @l, adjust_orders($pow) if chance(0.5) ||
	    !grep { $_->{pow} eq $pow } @{$st{units}};
	push @l, pick('DRAW', 'NO DRAW', 'NODRAW', 'NR: DRAW', 'Z: DRAW')
	    if chance(0.1);
	push @l, pick('NR:', 'Z:', 'BOARD ZOMBIE', 'NR-board')
	    if $game eq 'zombie' && chance(0.2);
	return @l;
}

# ------------------------------------------------------------ the orders
my @legal;	# the last legal list

sub speaker {
	my $r = rand();
	return if $r < 0.35;
	cmd('as ' . ($r < 0.65 ? pick(@sides) : $r < 0.95 ? 'auto' :
	    $r < 0.98 ? 'gm' : 'nobody'));
}

sub mangle {
	my ($l) = @_;
	my $r = rand();
	return $r < 0.3 ? lc($l) : $r < 0.5 ? "$l $l" : $r < 0.7 ?
	    substr($l, 0, length($l) - 1) : $r < 0.85 ? "  $l  " :
	    pick('xyzzy', 'DRAW?', 'DRAW!', 'resign', '-', 'a1-a2', '9z-9z');
}

# One "mail" of lines for whoever speaks.
sub mail {
	my @cand;
	if ($haslegal) {
		speaker() if chance(0.3);
		if (chance(0.7) || !@legal) {
			@legal = cmd('legal');
			if ($legal[0] =~ /^error several/) {
				cmd('as ' . pick(@sides));
				@legal = cmd('legal');
			}
		}
		@cand = grep { !/^(ok|error|refused)/ } @legal;
		if ($game eq 'klinzha' && !@cand) {
			# The set-ups of tests/referee/test_klinzha.sh.
			@cand = (('SETUP apex F E-37 L E-26 S D-27 Y C-18 ' .
			    'Y D-38 V E-27 V E-38 V E-48 B D-28 G E-37') x 2,
			    'SETUP left f G-25 l H-35 s H-34 y H-23 y I-33 ' .
			    'v G-35 v G-24 v F-25 b I-22 g G-24',
			    'SETUP right F H-46 G H-46', 'DRAW');
		}
		@cand = ('DRAW', 'xyzzy') unless @cand;
	} else {
		read_state() if chance(0.5) || !%st;
		my $seat = int(rand(@sides));
		cmd("as $sides[$seat]");
		@cand = dip_lines($seat);
		@cand = ('HOLD', 'DRAW') unless @cand;
	}
	my $n = chance(0.5) ? 1 : 1 + int(rand(5));
	my @lines = map { chance(0.12) ? mangle(pick(@cand)) : pick(@cand) }
	    1 .. $n;
	if ($dip && chance(0.2)) {	# several orders on one line
		my $k = chance(0.1) ? 17 : 2 + int(rand(5));
		@lines = (join(pick(', ', '; ', ','), map { pick(@cand) } 1 .. $k));
	}
	if (@lines == 1 && chance(0.7)) {
		cmd("play $lines[0]");
		return;
	}
	cmd("order $_") for @lines;
	cmd('submit') unless chance(0.05);
}

# Supported attacks of pow's units on enemy units next to two of them, so
# that units get dislodged, retreat, disband and (Zombie) rise.
sub reach {
	my ($u) = @_;
	my $a = $u->{kind} eq 'A' ? $army{prov($u->{loc})} : $fleet{$u->{loc}};
	return map { prov($_) } @{$a // []};
}

sub attack_plan {
	my ($pow) = @_;
	my %plan;
	my @mine = grep { $_->{pow} eq $pow } @{$st{units}};
	for my $e (grep { $_->{pow} ne $pow } @{$st{units}}) {
		my $x = prov($e->{loc});
		my @near = grep { my $u = $_; !$plan{$u->{loc}} &&
		    $u->{board} eq $e->{board} && grep { $_ eq $x } reach($u) }
		    @mine;
		next if @near < 2;
		my ($a, $s) = @near[0, 1];
		my $p = $game eq 'zombie' ? ($a->{board} eq 'z' ? 'Z: ' : 'NR: ') : '';
		$plan{$a->{loc}} = "$p$a->{kind} $a->{loc} - $x";
		$plan{$s->{loc}} = "$p$s->{kind} $s->{loc} S $a->{kind} $a->{loc} - $x";
	}
	return %plan;
}

# Every side gives an order for everything it owes, as pending lists it.
sub dip_round {
	read_state();
	for my $seat (0 .. $#sides) {
		next if chance(0.05);
		cmd("as $sides[$seat]");
		my @p = cmd('pending');
		my $board = '';
		my @l;
		my %plan = chance(0.7) ? attack_plan($powers[$seat]) : ();
		for (@p) {
			$board = /NR/ ? 'NR: ' : 'Z: ' if /^pending zombie\.pend\.head/;
			if (/^pending dip\.pend\.unit ([AF] \S+)/) {
				my ($k, $loc) = split ' ', $1;
				my ($u) = grep { $_->{kind} eq $k && $_->{loc} eq $loc }
				    @{$st{units}};
				push @l, $plan{$loc} // ($u && chance(0.7) ?
				    unit_order($u) : "$board$1 H");
			} elsif (/^pending dip\.pend\.retreat ([AF] \S+) \((.*?)\)/) {
				my @o = grep { /^[A-Z]{3}/ } split /[ ,]+/, $2;
				push @l, @o && chance(0.6) ? "$board$1 R " . pick(@o) :
				    "$board$1 D";
			} elsif (/^pending dip\.pend\.builds/) {
				push @l, chance(0.5) ? "${board}WAIVE ALL" :
				    pick(adjust_orders($powers[$seat]));
			} elsif (/^pending dip\.pend\.removals/) {
				my @mine = grep { $_->{pow} eq $powers[$seat] }
				    @{$st{units}};
				push @l, @mine ? "REMOVE $mine[0]{kind} $mine[0]{loc}" :
				    'REMOVE A XXX';
			} elsif (/^pending zombie\.pend\.place/) {
				push @l, map { "ZOMBIE A -> $_" }
				    @{$home{$powers[$seat]} // []};
			}
		}
		next unless @l;
		if (chance(0.5)) {
			cmd("order $_") for @l;
			cmd('submit');
		} else {
			cmd("play $_") for @l;
		}
	}
}

sub side_arg {
	my $r = rand();
	return '' if $r < 0.4;
	return ' ' . ($r < 0.85 ? pick(@sides) : $r < 0.9 ? int(rand(10)) :
	    $r < 0.95 ? 'gm' : 'nobody');
}

my @options = (
	$game eq 'weekeewachee' ? ('', '', 'classic', 'blind', 'blind-fun',
	    'sideways') :
	$game eq 'klinzha' ? ('', '', 'clouded', 'blind', 'clouded half-fields',
	    'clouded layout=heavy', 'open zone-gap=5', 'moving-clouds clouded') :
	$game eq 'wotk' ? ('', '', 'no-experience', 'paths=alternative',
	    'double-gain exact-rank', 'strict-castling') :
	$game eq 'standard' ? ('', '', '', 'no-retreat', '1898', 'bogus') :
	$game eq 'zombie' ? ('', '', 'undead', 'undead') : ('', '', 'x'));

sub new_game {
	my ($s, $first, @a);
	do {
		$s = int(rand(1e6));
		$first = chance(0.3) ? ' first ' . pick(@sides, 'nobody') : '';
		@a = cmd("new $s$first " . pick(@options));
	} until $a[0] eq 'ok';
	%st = ();
	@legal = ();
}

# A state with a unit in every province (on both boards of Zombie), the
# powers drawn at random: the largest books the console can be given.
sub crowded {
	my (%owns, @all);
	open(my $m, '<', 'maps/standard.map') or die "map: $!";
	while (<$m>) {
		s/#.*//;
		my @w = split;
		next unless @w;
		push @all, [@w[1, 2, 5]] if $w[0] eq 'PROVINCE';
		$owns{$w[1]} = join(' ', @w[2 .. $#w]) if $w[0] eq 'OWNS';
	}
	close $m;
	my $units = sub {
		my ($pre) = @_;
		return map { my ($p, $t, $c) = @$_; my $k = $t eq 'SEA' ? 'F' :
		    $t eq 'LAND' || $c ne '-' ? 'A' : pick('A', 'F');
		    "${pre}unit: " . pick(@powers) . " $k $p" } @all;
	};
	my @o = map { "owns: $_ $owns{$_}" } @powers;
	return ('dip 1', 'options: -', 'seed: 0000000000000001', 'started: 1',
	    'ply: 0', 'phase: S1901M', 'cd: -', "alive: @powers", 'end: none',
	    @o, $units->(''), 'last: -', 'eliminated: -') if $game eq 'standard';
	return ('zombie 1', 'options: undead', 'seed: 0000000000000001',
	    'started: 1', 'zstarted: 1', 'zfirst: S1901R', 'over: 0', 'ply: 3',
	    'clock: S1902M', 'nr.phase: S1902M', 'nr.cd: -', "nr.alive: @powers",
	    'nr.end: none', (map { "nr.$_" } @o), $units->('nr.'), 'nr.last: -',
	    'nr.eliminated: -', 'z.phase: S1902M', 'z.cd: -',
	    "z.alive: @powers", 'z.end: none', $units->('z.'), 'z.last: -',
	    'z.eliminated: -');
}

new_game();
cmd('position', crowded(), '.') if $dip && $crowded;
for my $step (1 .. $steps) {
	my $r = rand(1000);
	if ($crowded && $r < 400) { dip_round(); cmd('orders') if chance(0.5); }
	elsif ($r < 450) { mail(); }
	elsif ($r < 530) { $dip ? dip_round() : mail(); }
	elsif ($r < 580) { cmd('orders'); }
	elsif ($r < 620) { cmd('clear' . side_arg()); }
	elsif ($r < 690) { cmd('pending' . side_arg()); }
	elsif ($r < 694) { cmd('resign' . side_arg()); }
	elsif ($r < 740) { speaker(); }
	elsif ($r < 770) { cmd('view ' . pick(@sides, 'gm', 'nobody')); }
	elsif ($r < 780) { cmd('board ' . pick(@sides, 'gm')); }
	elsif ($r < 810) {
		my @a = cmd('result');
		new_game() if $a[0] =~ /^ok (won|drawn|over)/ && chance(0.5);
	}
	elsif ($r < 830) { read_state(); }
	elsif ($r < 840) {	# the state text back, as it was
		read_state() unless %st;
		cmd('position', (map { /^\./ ? ".$_" : $_ } @{$st{text}}), '.');
	}
	elsif ($r < 870) { cmd(pick('legal', 'count')); }
	elsif ($r < 875) { cmd(pick('sides', 'help')); }
	elsif ($r < 885) { cmd('perft ' . int(rand(3))); }
	elsif ($r < 890) { cmd(pick('frobnicate', 'PLAY', 'as', 'view', 'perft x',
	    'new', 'new -1', 'new 12x')); }
	elsif ($r < 893) { skipped(pick('', '# a comment', '   ')); }
	elsif ($r < 895) { cmd('play ' . ('x' x 4100)); }
	elsif ($r < 898) { new_game(); }
	else { $dip ? dip_round() : mail(); }
}
cmd('quit') if chance(0.5);
close $wr;
waitpid($pid, 0);
print "$_\n" for @session;
