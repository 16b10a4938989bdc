<?php
/**
 * calcert fixtures recipe for a WordPress site running The Events Calendar (any version from 4.6.8).
 *
 * Creates, through WordPress's own functions, what the REST interface cannot create, and writes the
 * fixtures file `certify --fixtures` reads (fixtures/schemas/fixtures.schema.json):
 *   image          an uploaded PNG attachment (media library), its ID, URL and pixel size
 *   otherAuthor    a second user (login calcert-author, role author), its ID
 *   childEvent     a published event with a published parent event (post_parent), both IDs
 *   passwordEvent  a published password-protected event and its password (TEC 6.5.0.1 and later:
 *                  older versions have no `password` parameter)
 *   passwordVenue, passwordOrganizer  a published password-protected venue and organizer, their
 *                  names and password (any version: WordPress's post password; the interface
 *                  stores none)
 * The user and the image are reused when present (site resets delete events, not users or media);
 * the events are created anew on every call, 22 to 29 days ahead of now, in the site's time zone.
 *
 * Usage: php scripts/wp-fixtures.php WP_ROOT SITE_URL OUT_FILE
 *   WP_ROOT   the folder holding wp-load.php
 *   SITE_URL  the site's URL (scheme://host[:port]), for WordPress's host-dependent URLs
 *   OUT_FILE  where to write the fixtures JSON
 * scripts/wp-fixtures.sh wraps it with the calling convention of certify-original.sh.
 */
if ( PHP_SAPI !== 'cli' ) {
	exit( 1 );
}
if ( count( $argv ) < 4 ) {
	fwrite( STDERR, "usage: php wp-fixtures.php WP_ROOT SITE_URL OUT_FILE\n" );
	exit( 2 );
}
list( , $root, $site_url, $out_file ) = $argv;
$url = parse_url( $site_url );
$host = ( $url['host'] ?? '127.0.0.1' ) . ( isset( $url['port'] ) ? ':' . $url['port'] : '' );
$_SERVER['HTTP_HOST']      = $host;
$_SERVER['SERVER_NAME']    = $url['host'] ?? '127.0.0.1';
$_SERVER['REQUEST_URI']    = '/';
$_SERVER['REQUEST_METHOD'] = 'GET';
if ( ( $url['scheme'] ?? 'http' ) === 'https' ) {
	$_SERVER['HTTPS'] = 'on';
}
define( 'WP_USE_THEMES', false );
require rtrim( $root, '/' ) . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/image.php';
require_once ABSPATH . 'wp-admin/includes/file.php';
require_once ABSPATH . 'wp-admin/includes/media.php';

function calcert_die( $what ) {
	fwrite( STDERR, "wp-fixtures: $what\n" );
	exit( 1 );
}

// Act as an administrator, as the site's own screens would.
$admins = get_users( [ 'role' => 'administrator', 'number' => 1, 'orderby' => 'ID' ] );
if ( ! $admins ) {
	calcert_die( 'no administrator on this site' );
}
wp_set_current_user( $admins[0]->ID );

// 1. A second author.
$author = get_user_by( 'login', 'calcert-author' );
if ( ! $author ) {
	$author_id = wp_insert_user( [
		'user_login'   => 'calcert-author',
		'user_pass'    => wp_generate_password( 24 ),
		'user_email'   => 'calcert-author@example.invalid',
		'display_name' => 'calcert fixture author',
		'role'         => 'author',
	] );
	if ( is_wp_error( $author_id ) ) {
		calcert_die( 'author: ' . $author_id->get_error_message() );
	}
} else {
	$author_id = $author->ID;
}

// 2. An uploaded image (a 16x16 PNG drawn here), reused while its file exists.
$image_id = 0;
foreach ( get_posts( [ 'post_type' => 'attachment', 'post_status' => 'inherit', 'meta_key' => '_calcert_fixture', 'numberposts' => 1, 'fields' => 'ids' ] ) as $id ) {
	$file = get_attached_file( $id );
	// The guid must be the file's URL (as media_handle_upload() stores it): TEC finds an attachment
	// sent by URL through its guid, and otherwise downloads the URL as a new attachment.
	if ( $file && file_exists( $file ) && wp_attachment_is_image( $id ) && get_post_field( 'guid', $id ) === wp_get_attachment_url( $id ) ) {
		$image_id = $id;
	}
}
if ( ! $image_id ) {
	// A valid 16x16 RGB PNG, built without GD (zlib and crc32 are in every PHP).
	$raw = '';
	for ( $y = 0; $y < 16; $y++ ) {
		$raw .= "\0" . str_repeat( "\x33\x66\x99", 16 );
	}
	$chunk = function ( $type, $data ) {
		return pack( 'N', strlen( $data ) ) . $type . $data . pack( 'N', crc32( $type . $data ) );
	};
	$png = "\x89PNG\r\n\x1a\n" . $chunk( 'IHDR', pack( 'NNCCCCC', 16, 16, 8, 2, 0, 0, 0 ) )
		. $chunk( 'IDAT', gzcompress( $raw ) ) . $chunk( 'IEND', '' );
	$upload = wp_upload_bits( 'calcert-fixture.png', null, $png );
	if ( ! empty( $upload['error'] ) ) {
		calcert_die( 'image upload: ' . $upload['error'] );
	}
	$image_id = wp_insert_attachment( [
		'guid'           => $upload['url'],
		'post_mime_type' => 'image/png',
		'post_title'     => 'calcert fixture image',
		'post_content'   => '',
		'post_status'    => 'inherit',
	], $upload['file'] );
	if ( ! $image_id || is_wp_error( $image_id ) ) {
		calcert_die( 'image attachment not created' );
	}
	wp_update_attachment_metadata( $image_id, wp_generate_attachment_metadata( $image_id, $upload['file'] ) );
	update_post_meta( $image_id, '_calcert_fixture', 1 );
}
$image_url  = wp_get_attachment_url( $image_id );
$image_meta = wp_get_attachment_metadata( $image_id );

// 3. Events, through the plugin's own API (it stores the dates, and on 6.x its custom tables).
if ( ! function_exists( 'tribe_create_event' ) ) {
	calcert_die( 'The Events Calendar is not active (no tribe_create_event)' );
}
$zone = function_exists( 'wp_timezone' ) ? wp_timezone() : new DateTimeZone( get_option( 'timezone_string' ) ?: 'UTC' );
function calcert_event( $title, $days, $zone, $extra = [] ) {
	$day = ( new DateTimeImmutable( 'now', $zone ) )->modify( "+$days days" )->format( 'Y-m-d' );
	$id  = tribe_create_event( array_merge( [
		'post_title'         => $title,
		'post_content'       => 'Created by scripts/wp-fixtures.php for calcert.',
		'post_status'        => 'publish',
		'EventStartDate'     => $day,
		'EventEndDate'       => $day,
		'EventStartHour'     => '10',
		'EventStartMinute'   => '00',
		'EventEndHour'       => '12',
		'EventEndMinute'     => '00',
		'EventStartMeridian' => '',
		'EventEndMeridian'   => '',
	], $extra ) );
	if ( ! $id || is_wp_error( $id ) ) {
		calcert_die( "event \"$title\" not created" );
	}
	return (int) $id;
}
$parent = calcert_event( 'calcert-fixture parent event', 22, $zone );
$child  = calcert_event( 'calcert-fixture child event', 29, $zone, [ 'post_parent' => $parent ] );
if ( (int) get_post_field( 'post_parent', $child ) !== $parent ) {
	wp_update_post( [ 'ID' => $child, 'post_parent' => $parent ] );
}
$out = [
	'$schema'     => 'https://calcert.invalid/schemas/fixtures.schema.json',
	'description' => 'Written by scripts/wp-fixtures.php on ' . home_url() . ' (The Events Calendar ' . ( class_exists( 'Tribe__Events__Main' ) ? Tribe__Events__Main::VERSION : '?' ) . ')',
	'format'      => 1,
	'childEvent'  => [ 'id' => $child, 'parent' => $parent ],
	// Its pixel size: the shadow model renders a copy sideloaded by URL with it (no sub-size at 16x16).
	'image'       => [
		'id'     => (int) $image_id,
		'url'    => $image_url,
		'width'  => (int) ( $image_meta['width'] ?? 16 ),
		'height' => (int) ( $image_meta['height'] ?? 16 ),
	],
	'otherAuthor' => [ 'id' => (int) $author_id ],
];
// 4. A password-protected venue and organizer, made anew on every call like the events.
$linked_password = 'calcert-fixture-pw';
foreach ( [ 'Venue' => 'passwordVenue', 'Organizer' => 'passwordOrganizer' ] as $kind => $key ) {
	$name = "calcert-fixture password $kind " . wp_generate_password( 6, false );
	$id   = 'Venue' === $kind
		? tribe_create_venue( [ 'Venue' => $name, 'post_status' => 'publish', 'City' => 'Lyon' ] )
		: tribe_create_organizer( [ 'Organizer' => $name, 'post_status' => 'publish', 'Email' => 'fixture@example.org' ] );
	if ( ! $id || is_wp_error( $id ) ) {
		calcert_die( "$kind \"$name\" not created" );
	}
	wp_update_post( [ 'ID' => $id, 'post_password' => $linked_password ] );
	if ( get_post_field( 'post_password', $id ) !== $linked_password ) {
		calcert_die( "$kind $id: post password not stored" );
	}
	$out[ $key ] = [ 'id' => (int) $id, 'name' => $name, 'password' => $linked_password ];
}
if ( class_exists( 'Tribe__Events__Main' ) && version_compare( Tribe__Events__Main::VERSION, '6.5.0.1', '>=' ) ) {
	$password = 'calcert-fixture-pw';
	$protected = calcert_event( 'calcert-fixture password event', 23, $zone, [ 'post_password' => $password ] );
	if ( get_post_field( 'post_password', $protected ) !== $password ) {
		wp_update_post( [ 'ID' => $protected, 'post_password' => $password ] );
	}
	$out['passwordEvent'] = [ 'id' => $protected, 'password' => $password ];
}
if ( false === file_put_contents( $out_file, json_encode( $out, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES ) . "\n" ) ) {
	calcert_die( "cannot write $out_file" );
}
echo "wp-fixtures: wrote $out_file\n";
