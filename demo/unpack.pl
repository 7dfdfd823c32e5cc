#!/usr/bin/perl
# demo/unpack.pl MAIL TXT PNG - one mail as its reader's IMAP server gave
# it, taken apart for people to read: its Subject, From, To and Date and
# its text (quoted-printable or base64 undone, the Subject's RFC 2047
# words decoded) go to TXT; a picture attached (image/png) goes to PNG, a
# second one to PNG with "-2" before ".png", and so on. Prints one line:
# the Subject, a tab, the number of pictures.
#
# It reads the mails pbemd writes (mail/compose.c): one text/plain part,
# or multipart/mixed of a text part and PNG parts; it is no MIME parser
# for mail at large (no nesting, no other charsets than UTF-8).
use strict;
use warnings;
use Encode qw(decode encode);
use MIME::Base64 qw(decode_base64);
use MIME::QuotedPrint qw(decode_qp);

@ARGV == 3 or die "usage: unpack.pl MAIL TXT PNG\n";
my ($mail, $txt, $png) = @ARGV;

my $m = do {
	local $/;
	open my $fh, '<:raw', $mail or die "unpack.pl: $mail: $!\n";
	<$fh>;
};
$m =~ s/\r\n/\n/g;
my ($head, $body) = split /\n\n/, $m, 2;
$body //= '';

# The value of header NAME in the header block H (folded lines joined).
sub header {
	my ($h, $name) = @_;
	$h =~ s/\n[ \t]+/ /g;
	return $h =~ /^\Q$name\E:[ \t]*(.*)$/mi ? $1 : '';
}

my @parts;
my $type = header($head, 'Content-Type');
if ($type =~ m{^multipart/}i && $type =~ /boundary="?([^";]+)"?/i) {
	my $b = $1;
	my @chunks = split /^--\Q$b\E(?:--)?[ \t]*\n?/m, $body;
	shift @chunks;			# the preamble
	for my $c (@chunks) {
		my ($ph, $pb) = split /\n\n/, $c, 2;
		push @parts, [$ph // '', $pb // ''] if defined $pb;
	}
} else {
	push @parts, [$head, $body];
}

my ($text, $n) = ('', 0);
for my $p (@parts) {
	my ($ph, $pb) = @$p;
	my $t = header($ph, 'Content-Type') || 'text/plain';
	my $cte = lc header($ph, 'Content-Transfer-Encoding');
	$pb = decode_base64($pb) if $cte eq 'base64';
	$pb = decode_qp($pb) if $cte eq 'quoted-printable';
	if ($t =~ m{^image/png}i) {
		my $f = $png;
		$n++;
		$f =~ s/\.png$/-$n.png/ if $n > 1;
		open my $o, '>:raw', $f or die "unpack.pl: $f: $!\n";
		print $o $pb;
		close $o;
	} elsif ($t =~ m{^text/plain}i) {
		$text .= $pb;
	}
}

my $subject = encode('UTF-8', decode('MIME-Header', header($head, 'Subject')));
open my $o, '>:raw', $txt or die "unpack.pl: $txt: $!\n";
print $o "$_: ", encode('UTF-8', decode('MIME-Header', header($head, $_))), "\n"
    for qw(From To Date);
print $o "Subject: $subject\n";
print $o "Attached: $n picture(s)\n" if $n;
print $o "\n", $text;
close $o;
print "$subject\t$n\n";
