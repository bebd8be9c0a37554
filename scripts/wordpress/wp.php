<?php
/**
 * A small command line for the test WordPress (wp-cli is not packaged by Debian): loads WordPress
 * from WP_DIR and installs it, activates the Studio site plugin, seeds page 22, the collections
 * (from the committed snapshots, content/cms/*.json) and their media, or puts it into the states
 * the tests need.
 *   WP_DIR=… php scripts/wordpress/wp.php install <admin password>   prints the application password
 *   WP_DIR=… php scripts/wordpress/wp.php reset                       page 22 and its media as seeded
 *   WP_DIR=… php scripts/wordpress/wp.php permalinks plain|pretty
 *   WP_DIR=… php scripts/wordpress/wp.php plugin on|off                the Studio site plugin active or not
 *   WP_DIR=… php scripts/wordpress/wp.php editor <password>            an "editor" user (WordPress's Editor role)
 *   WP_DIR=… php scripts/wordpress/wp.php field <name> <value>         sets one field of page 22
 *   WP_DIR=… php scripts/wordpress/wp.php media-url <id> <url>         points a media item elsewhere
 */

$command = $argv[1] ?? '';
$root = dirname(__DIR__, 2);
define('WP_INSTALLING', $command === 'install');
require getenv('WP_DIR') . '/wp-load.php';
// This script's own writes are set-up, not editors' saves: they call no rebuild webhook.
add_action('shutdown', function () {
  $GLOBALS['studio_rebuild_posts'] = [];
}, 0);
// No mail on this machine: the new site's notification is not sent.
function wp_new_blog_notification() {}
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/image.php';
require_once ABSPATH . 'wp-admin/includes/file.php';
require_once ABSPATH . 'wp-admin/includes/media.php';

const PAGE_ID = 22;

function fail(string $message): void {
  fwrite(STDERR, "wp.php: $message\n");
  exit(1);
}

/** Page 22's fields and its media (id => file, alt) from the project's WordPress fixtures and committed images. */
function seed(string $root): array {
  $page = json_decode(file_get_contents("$root/tests/fixtures/wordpress/page-22.json"), true);
  $media = [];
  foreach (glob("$root/public/media/cms/*.webp") as $file) {
    $id = (int) basename($file);
    $item = json_decode(file_get_contents("$root/tests/fixtures/wordpress/media-$id.json"), true);
    $media[$id] = ['file' => $file, 'alt' => $item['alt_text'] ?? ''];
  }
  return ['acf' => $page['acf'], 'title' => $page['title']['rendered'], 'media' => $media];
}

function set_permalinks(string $structure): void {
  global $wp_rewrite;
  update_option('permalink_structure', $structure);
  $wp_rewrite->init();
  $wp_rewrite->set_permalink_structure($structure);
  flush_rewrite_rules(false);
}

/** Uploads each seed image as real media with its fixture id, unless it is there already. */
function ensure_media(array $media): void {
  foreach ($media as $id => $m) {
    $post = get_post($id);
    if ($post && $post->post_type === 'attachment' && get_attached_file($id) && file_exists(get_attached_file($id))) {
      update_post_meta($id, '_wp_attachment_image_alt', $m['alt']);
      if ($post->post_parent !== 0) {
        wp_update_post(['ID' => $id, 'post_parent' => 0]);
      }
      continue;
    }
    if ($post) {
      wp_delete_post($id, true);
    }
    $tmp = wp_tempnam(basename($m['file']));
    copy($m['file'], $tmp);
    $name = preg_replace('/^\d+-/', '', basename($m['file']));
    $new = media_handle_sideload(['name' => $name, 'tmp_name' => $tmp], 0, null, ['import_id' => $id]);
    if (is_wp_error($new) || $new !== $id) {
      fail("uploading $name failed: " . (is_wp_error($new) ? $new->get_error_message() : "got id $new"));
    }
    update_post_meta($id, '_wp_attachment_image_alt', $m['alt']);
  }
}

/** Page 22 published, without a password, with the seed's fields. */
function reset_page(array $seed): void {
  $post = [
    'post_type' => 'page',
    'post_status' => 'publish',
    'post_title' => $seed['title'],
    'post_name' => 'home',
    'post_password' => '',
    'post_content' => '',
  ];
  if (get_post(PAGE_ID)) {
    wp_untrash_post(PAGE_ID);
    $id = wp_update_post(['ID' => PAGE_ID] + $post, true);
  } else {
    $id = wp_insert_post(['import_id' => PAGE_ID] + $post, true);
  }
  if (is_wp_error($id) || $id !== PAGE_ID) {
    fail('page 22 could not be written: ' . (is_wp_error($id) ? $id->get_error_message() : "got id $id"));
  }
  foreach ($seed['acf'] as $name => $value) {
    update_post_meta(PAGE_ID, $name, (string) $value);
  }
}

/** Uploads a site image (/media/…) as media with the given id, unless it is there already. */
function ensure_site_image(string $root, array $image): void {
  $file = "$root/public" . $image['src'];
  ensure_media([$image['id'] => ['file' => $file, 'alt' => $image['alt']]]);
}

/** Each collection as its committed snapshot has it: items with their snapshot ids, fields and photos, in order. */
function reset_collections(string $root): void {
  foreach (studio_site_collections() as $post_type => $c) {
    foreach (get_posts(['post_type' => $post_type, 'post_status' => 'any', 'numberposts' => -1, 'fields' => 'ids']) as $id) {
      wp_delete_post($id, true);
    }
    $name = $c['rest'];
    $snapshot = json_decode(file_get_contents("$root/content/cms/$name.json"), true);
    foreach ($snapshot['items'] as $order => $item) {
      $title = $item['title'] ?? $item['name'] ?? $item['date'];
      $meta = [];
      foreach (studio_site_fields_on($post_type) as $field => $_) {
        $key = preg_replace('/^[a-z]+_/', '', $field);
        $key = ['youtube_id' => 'youtubeId'][$key] ?? $key;
        $meta[$field] = (string) ($item[$key] ?? '');
      }
      if (isset($item['image'])) {
        ensure_site_image($root, $item['image']);
      }
      $id = wp_insert_post([
        'import_id' => $item['id'],
        'post_type' => $post_type,
        'post_status' => 'publish',
        'post_title' => $title,
        'menu_order' => $order,
        'meta_input' => $meta,
      ], true);
      if (is_wp_error($id) || $id !== $item['id']) {
        fail("$name item {$item['id']} could not be written: " . (is_wp_error($id) ? $id->get_error_message() : "got id $id"));
      }
      if (isset($item['image'])) {
        set_post_thumbnail($id, $item['image']['id']);
      }
    }
  }
}

function reset_all(string $root): void {
  $seed = seed($root);
  set_permalinks('/%postname%/');
  ensure_plugin(true);
  ensure_media($seed['media']);
  reset_page($seed);
  reset_collections($root);
}

function ensure_plugin(bool $on): void {
  require_once ABSPATH . 'wp-admin/includes/plugin.php';
  if ($on) {
    $result = activate_plugin('studio-site/studio-site.php');
    if (is_wp_error($result)) {
      fail('the Studio site plugin could not be activated: ' . $result->get_error_message());
    }
    // Activated after WordPress's init, or not loaded while installing: its post types and fields are registered now.
    require_once WP_PLUGIN_DIR . '/studio-site/studio-site.php';
    if (!post_type_exists('studio_news')) {
      studio_site_register();
    }
  } else {
    deactivate_plugins('studio-site/studio-site.php');
  }
}

switch ($command) {
  case 'install':
    $password = $argv[2] ?? fail('install needs the admin password');
    if (!is_blog_installed()) {
      $result = wp_install('Studio CMS (tests)', 'admin', 'admin@example.com', false, '', wp_slash($password));
      if (empty($result['user_id'])) {
        fail('wp_install failed');
      }
    }
    $user = get_user_by('login', 'admin');
    wp_set_current_user($user->ID);
    reset_all($root);
    [$app] = WP_Application_Passwords::create_new_application_password($user->ID, ['name' => 'studio tests ' . wp_generate_password(8, false)]);
    echo $app, "\n";
    break;
  case 'reset':
    wp_set_current_user(get_user_by('login', 'admin')->ID);
    reset_all($root);
    break;
  case 'permalinks':
    set_permalinks(($argv[2] ?? '') === 'plain' ? '' : '/%postname%/');
    break;
  case 'editor':
    $password = $argv[2] ?? fail('editor needs a password');
    $user = get_user_by('login', 'editor');
    $id = $user ? wp_update_user(['ID' => $user->ID, 'user_pass' => $password, 'role' => 'editor'])
      : wp_insert_user(['user_login' => 'editor', 'user_pass' => $password, 'role' => 'editor', 'user_email' => 'editor@example.com']);
    if (is_wp_error($id)) {
      fail('the editor could not be written: ' . $id->get_error_message());
    }
    break;
  case 'plugin':
    ensure_plugin(($argv[2] ?? '') !== 'off');
    break;
  case 'field':
    update_post_meta(PAGE_ID, $argv[2] ?? fail('field needs a name'), $argv[3] ?? '');
    break;
  case 'media-url':
    // Without its file, WordPress answers a media item's guid as source_url (as after an offload plugin).
    global $wpdb;
    $id = (int) ($argv[2] ?? 0);
    delete_post_meta($id, '_wp_attached_file');
    $wpdb->update($wpdb->posts, ['guid' => $argv[3] ?? ''], ['ID' => $id]);
    clean_post_cache($id);
    break;
  default:
    fail("unknown command \"$command\"");
}
