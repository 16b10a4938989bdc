<?php
/**
 * calcert: give a WordPress site running The Events Calendar (4.6.8 and later) a calendar as a real
 * site would have, through WordPress's and the plugin's own functions, and set its time zone; or
 * set the time zone alone. A read-only certification of the populated site is the measurement
 * (README "Measured on the original").
 *
 * What it makes (every name starts "Populated", so a reader can tell them apart):
 *   - categories (one a child) and tags, one name with non-ASCII letters of each;
 *   - venues and organizers with distinct publication dates, one venue a draft, one organizer
 *     trashed, one venue and one organizer with non-ASCII names;
 *   - EVENTS events from 60 days ago to 10 months ahead at several hours of the site's day, each
 *     with a distinct publication date: some all-day, some over several days (one across a month's
 *     end), one from 23:00 to 01:00, some featured, some with a numeric cost (4.6.8 answers 500 on
 *     a word), venues and organizers (one with two), categories and tags; one draft, one pending,
 *     one password-protected, one hidden from listings, one trashed, one private.
 *
 * Usage: php scripts/wp-populate.php WP_ROOT SITE_URL [EVENTS] [ZONE] [FIXTURES]
 *   WP_ROOT   the folder holding wp-load.php
 *   SITE_URL  the site's URL (scheme://host[:port])
 *   EVENTS    events to make (default 40); 0 makes nothing and only sets ZONE
 *   ZONE      the site's time zone (timezone_string), e.g. Europe/Berlin; UTC also sets gmt_offset 0.
 *             Set before the events are made (they take the site's zone). Absent: unchanged.
 *   FIXTURES  a calcert fixtures file (scripts/wp-fixtures.sh wrote it): its `protectedEvents` gets
 *             the password-protected event made here with its password (nothing the interface
 *             answers tells it apart; a read-only run of the site needs it named, and reads it with
 *             the password). Absent: no file is touched.
 * scripts/wp-populate.sh wraps it with the SITE.env convention of scripts/wp-fixtures.sh.
 */
if ( PHP_SAPI !== 'cli' ) {
	exit( 1 );
}
if ( count( $argv ) < 3 ) {
	fwrite( STDERR, "usage: php wp-populate.php WP_ROOT SITE_URL [EVENTS] [ZONE] [FIXTURES]\n" );
	exit( 2 );
}
$root     = $argv[1];
$site_url = $argv[2];
$events   = isset( $argv[3] ) && $argv[3] !== '' ? (int) $argv[3] : 40;
$zone_arg = $argv[4] ?? '';
$fx_file  = $argv[5] ?? '';
$url      = parse_url( $site_url );
$_SERVER['HTTP_HOST']      = ( $url['host'] ?? '127.0.0.1' ) . ( isset( $url['port'] ) ? ':' . $url['port'] : '' );
$_SERVER['SERVER_NAME']    = $url['host'] ?? '127.0.0.1';
$_SERVER['REQUEST_URI']    = '/';
$_SERVER['REQUEST_METHOD'] = 'GET';
define( 'WP_USE_THEMES', false );
require rtrim( $root, '/' ) . '/wp-load.php';

function populate_die( $what ) {
	fwrite( STDERR, "wp-populate: $what\n" );
	exit( 1 );
}

if ( $zone_arg !== '' ) {
	try {
		new DateTimeZone( $zone_arg );
	} catch ( Exception $e ) {
		populate_die( "unknown time zone $zone_arg" );
	}
	update_option( 'timezone_string', $zone_arg === 'UTC' ? 'UTC' : $zone_arg );
	if ( $zone_arg === 'UTC' ) {
		update_option( 'gmt_offset', 0 );
	}
	echo 'wp-populate: site zone ' . get_option( 'timezone_string' ) . "\n";
}
if ( $events <= 0 ) {
	exit( 0 );
}
if ( ! function_exists( 'tribe_create_event' ) ) {
	populate_die( 'The Events Calendar is not active (no tribe_create_event)' );
}
$admins = get_users( [ 'role' => 'administrator', 'number' => 1, 'orderby' => 'ID' ] );
if ( ! $admins ) {
	populate_die( 'no administrator on this site' );
}
wp_set_current_user( $admins[0]->ID );

$zone = new DateTimeZone( get_option( 'timezone_string' ) ?: 'UTC' );
$now  = new DateTimeImmutable( 'now', $zone );
$utc  = new DateTimeZone( 'UTC' );
/** A distinct publication date, $n hours after a fixed start months ago: [post_date, post_date_gmt]. */
function populate_pub( $n, $zone, $utc ) {
	$at = ( new DateTimeImmutable( '2025-06-01 08:00:00', $zone ) )->modify( '+' . ( 7 * $n ) . ' hours' );
	return [ $at->format( 'Y-m-d H:i:s' ), $at->setTimezone( $utc )->format( 'Y-m-d H:i:s' ) ];
}
$pub = 0;

// Terms.
/** A term of the taxonomy, its ID; the run stops on a refusal. */
function populate_term( $name, $taxonomy, $args = [] ) {
	$t = wp_insert_term( $name, $taxonomy, $args );
	if ( is_wp_error( $t ) ) {
		populate_die( ( 'post_tag' === $taxonomy ? 'tag' : 'category' ) . " $name: " . $t->get_error_message() );
	}
	return (int) $t['term_id'];
}
$cats = [];
foreach ( [ 'Populated Music', 'Populated Sports', 'Populated Théâtre', 'Populated Talks' ] as $name ) {
	$cats[] = populate_term( $name, 'tribe_events_cat' );
}
$cats[] = populate_term( 'Populated Jazz', 'tribe_events_cat', [ 'parent' => $cats[0] ] );
$tags   = [];
foreach ( [ 'populated outdoor', 'populated family', 'populated free', 'populated Öffentlich' ] as $name ) {
	$tags[] = populate_term( $name, 'post_tag' );
}

// Venues and organizers.
$venues = [];
foreach ( [ 'Populated Hall 1', 'Populated Hall 2', 'Populated Café Zürich', 'Populated Arena', 'Populated Park', 'Populated Draft Venue' ] as $i => $name ) {
	list( $d, $g ) = populate_pub( $pub++, $zone, $utc );
	$status = $name === 'Populated Draft Venue' ? 'draft' : 'publish';
	$id     = tribe_create_venue( [ 'Venue' => $name, 'City' => 'Populatedville', 'Address' => ( $i + 1 ) . ' Main Street', 'Country' => 'Germany', 'post_status' => $status ], $status );
	if ( ! $id || is_wp_error( $id ) ) {
		populate_die( "venue $name not created" );
	}
	// The status again: 4.6.8's tribe_create_venue() takes no status and publishes.
	wp_update_post( [ 'ID' => $id, 'post_status' => $status, 'post_date' => $d, 'post_date_gmt' => $status === 'publish' ? $g : '0000-00-00 00:00:00' ] );
	if ( $status === 'publish' ) {
		$venues[] = (int) $id;
	}
}
$organizers = [];
foreach ( [ 'Populated Society 1', 'Populated Society 2', 'Populated Müller & Söhne', 'Populated Club', 'Populated Trashed Organizer' ] as $i => $name ) {
	list( $d, $g ) = populate_pub( $pub++, $zone, $utc );
	$id = tribe_create_organizer( [ 'Organizer' => $name, 'Email' => "populated$i@example.org", 'Phone' => "+49 30 1234$i", 'post_status' => 'publish' ], 'publish' );
	if ( ! $id || is_wp_error( $id ) ) {
		populate_die( "organizer $name not created" );
	}
	wp_update_post( [ 'ID' => $id, 'post_date' => $d, 'post_date_gmt' => $g ] );
	if ( $name === 'Populated Trashed Organizer' ) {
		wp_trash_post( $id );
	} else {
		$organizers[] = (int) $id;
	}
}

// Events.
$words = [ 'Concert', 'Workshop', 'Lecture', 'Festival', 'Market', 'Screening', 'Reading', 'Meetup' ];
$made  = [];
$protected = [];
for ( $i = 0; $i < $events; $i++ ) {
	$offset = (int) round( $i * 360 / max( 1, $events ) ) - 60;
	$hour   = 9 + ( $i % 8 );
	$start  = $now->setTime( $hour, 0 )->modify( ( $offset >= 0 ? '+' : '' ) . $offset . ' days' );
	$end    = $start->modify( '+2 hours' );
	$all_day = $i % 9 === 4;
	if ( $i % 7 === 3 ) {
		$end = $end->modify( '+2 days' );
	}
	if ( $i === 13 ) {
		// Across a month's end.
		$start = $start->modify( 'last day of this month' );
		$end   = $start->modify( '+3 days' );
	}
	if ( $i === 17 ) {
		$start = $start->setTime( 23, 0 );
		$end   = $start->modify( '+2 hours' );
	}
	if ( $i === 21 ) {
		$start = $start->setTime( 0, 30 );
		$end   = $start->modify( '+1 hour' );
	}
	$status = 'publish';
	if ( $i === 7 ) {
		$status = 'draft';
	} elseif ( $i === 29 ) {
		$status = 'pending';
	} elseif ( $i === 33 ) {
		$status = 'private';
	}
	list( $d, $g ) = populate_pub( $pub++, $zone, $utc );
	$args = [
		'post_title'         => 'Populated ' . $words[ $i % count( $words ) ] . ' ' . ( $i + 1 ),
		'post_content'       => 'Populated ' . strtolower( $words[ ( $i + 3 ) % count( $words ) ] ) . ' number ' . ( $i + 1 ) . '.',
		'post_excerpt'       => $i % 4 === 0 ? 'A populated event.' : '',
		'post_status'        => $status,
		'post_date'          => $d,
		'post_date_gmt'      => $status === 'draft' || $status === 'pending' ? '0000-00-00 00:00:00' : $g,
		'EventStartDate'     => $start->format( 'Y-m-d' ),
		'EventEndDate'       => $end->format( 'Y-m-d' ),
		'EventStartHour'     => $start->format( 'H' ),
		'EventStartMinute'   => $start->format( 'i' ),
		'EventEndHour'       => $end->format( 'H' ),
		'EventEndMinute'     => $end->format( 'i' ),
		'EventStartMeridian' => '',
		'EventEndMeridian'   => '',
		'EventTimezone'      => $zone->getName(),
		'EventVenueID'       => $i % 6 === 5 ? 0 : $venues[ $i % count( $venues ) ],
		'EventOrganizerID'   => $i % 10 === 6 ? [ $organizers[0], $organizers[2] ] : [ $organizers[ $i % count( $organizers ) ] ],
		'EventURL'           => $i % 3 === 0 ? 'https://example.org/populated/' . ( $i + 1 ) : '',
	];
	if ( $all_day ) {
		$args['EventAllDay'] = 'yes';
	}
	if ( $i % 5 === 2 ) {
		$args['feature_event'] = 1;
	}
	if ( $i % 4 === 1 ) {
		$args['EventCost'] = (string) ( 5 * ( $i % 6 + 1 ) );
	}
	if ( $i === 11 ) {
		$args['post_password'] = 'populated-pw';
	}
	if ( $i === 19 ) {
		$args['EventHideFromUpcoming'] = 'yes';
	}
	$id = tribe_create_event( $args );
	if ( ! $id || is_wp_error( $id ) ) {
		populate_die( 'event ' . $args['post_title'] . ' not created' );
	}
	if ( get_post_field( 'post_password', $id ) !== ( $args['post_password'] ?? '' ) ) {
		wp_update_post( [ 'ID' => $id, 'post_password' => $args['post_password'] ?? '' ] );
	}
	if ( isset( $args['post_password'] ) ) {
		$protected[] = [ 'id' => (int) $id, 'password' => $args['post_password'] ];
	}
	if ( $i % 4 !== 3 ) {
		wp_set_object_terms( $id, [ $cats[ $i % count( $cats ) ] ], 'tribe_events_cat' );
	}
	if ( $i % 3 !== 2 ) {
		wp_set_object_terms( $id, [ $tags[ $i % count( $tags ) ] ], 'post_tag' );
	}
	if ( $i === 37 ) {
		wp_trash_post( $id );
	}
	$made[] = (int) $id;
}
if ( $fx_file !== '' ) {
	$fx = json_decode( (string) @file_get_contents( $fx_file ), true );
	if ( ! is_array( $fx ) ) {
		populate_die( "$fx_file is no fixtures file (run scripts/wp-fixtures.sh first)" );
	}
	// Each with its password: a read-only run reads it with it (rule `declared-opens`).
	$known = [];
	foreach ( array_merge( $fx['protectedEvents'] ?? [], $protected ) as $e ) {
		if ( is_array( $e ) && isset( $e['id'], $e['password'] ) ) {
			$known[ (int) $e['id'] ] = [ 'id' => (int) $e['id'], 'password' => (string) $e['password'] ];
		}
	}
	$fx['protectedEvents'] = array_values( $known );
	file_put_contents( $fx_file, json_encode( $fx, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES ) . "\n" );
	echo "wp-populate: $fx_file names the password-protected event(s) " . implode( ', ', array_column( $protected, 'id' ) ) . " in protectedEvents, with the password\n";
}
echo 'wp-populate: ' . count( $made ) . ' events, ' . count( $venues ) . ' published venues, ' . count( $organizers ) . ' organizers, '
	. count( $cats ) . ' categories, ' . count( $tags ) . ' tags (site zone ' . $zone->getName() . ")\n";
