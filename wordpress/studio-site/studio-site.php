<?php
/**
 * Plugin Name: Studio site
 * Description: Everything the studio's website reads from WordPress: news, testimonials, artists,
 * gallery photos, the story timeline, project features and the home page's fields on page 22, each
 * field declared here and shown in the REST API; the rebuild webhook that publishes a change; and a
 * notice of each new photo, which the site prepares before the build that publishes it.
 * Activate it; nothing else is needed. The rebuild webhook's settings go in wp-config.php:
 *   define('STUDIO_REBUILD_URL', 'https://studio.example/api/rebuild');
 *   define('STUDIO_REBUILD_SECRET', '…24 characters or more…');
 * Version: 1.0.0
 * Requires at least: 6.1
 * Requires PHP: 8.0
 */

if (!defined('ABSPATH')) {
  exit;
}

/**
 * The collections: post type => REST base, labels, whether a photo (the featured image) is part of
 * each item and what the title holds; their fields are in studio_site_fields(). The site's build
 * reads exactly these (lib/cms/collections.ts); items are ordered by "Order" (menu_order), smallest first.
 */
function studio_site_collections(): array {
  return [
    'studio_news' => ['rest' => 'news', 'plural' => 'News', 'singular' => 'News item', 'photo' => false, 'title' => 'Headline'],
    'studio_testimonial' => ['rest' => 'testimonials', 'plural' => 'Testimonials', 'singular' => 'Testimonial', 'photo' => true, 'title' => 'Internal name'],
    'studio_artist' => ['rest' => 'artists', 'plural' => 'Artists', 'singular' => 'Artist', 'photo' => true, 'title' => 'Name'],
    'studio_gallery' => ['rest' => 'gallery', 'plural' => 'Gallery', 'singular' => 'Gallery photo', 'photo' => true, 'title' => 'Caption (also read aloud for the photo)'],
    'studio_timeline' => ['rest' => 'timeline', 'plural' => 'Timeline', 'singular' => 'Timeline entry', 'photo' => false, 'title' => 'When, as shown (e.g. Aug 2022)'],
    'studio_project' => ['rest' => 'projects', 'plural' => 'Projects', 'singular' => 'Project feature', 'photo' => true, 'title' => 'Title'],
  ];
}

/** The home page, whose fields are the `page` fields below. */
const STUDIO_SITE_HOME_PAGE = 22;

/**
 * Every field, in its order on the edit screen: meta name => [post type, type, label, required,
 * help (optional)]; the `page` fields are the home page's (page 22 only). Field types: text,
 * textarea, date (YYYY-MM-DD), url, image (a media id).
 */
function studio_site_fields(): array {
  return [
    'news_date' => ['studio_news', 'date', 'Date', true, 'The day the news is about, past or upcoming (a workshop next month is fine). The item shows on the website as soon as it is published, whatever its date, and leaves by itself 90 days after this date.'],
    'news_text' => ['studio_news', 'textarea', 'Text', true],
    'news_link' => ['studio_news', 'url', 'Link (optional: a site path like /query or a full address)', false],
    'testimonial_text' => ['studio_testimonial', 'textarea', 'What they said', true],
    'testimonial_name' => ['studio_testimonial', 'text', 'Who said it, as they agreed to be named', true],
    'artist_role' => ['studio_artist', 'text', 'Role and genre, e.g. Singer-songwriter · Hindi indie pop', true],
    'artist_bio' => ['studio_artist', 'textarea', 'Short bio', true],
    'timeline_text' => ['studio_timeline', 'textarea', 'What happened', true],
    'project_description' => ['studio_project', 'textarea', 'Description', true],
    'project_youtube_id' => ['studio_project', 'text', 'YouTube video id (the part after v=; optional)', false],
    'pro_Heading' => ['page', 'text', 'Pro section: heading', true],
    'Pro_Description' => ['page', 'textarea', 'Pro section: description (paragraphs)', true],
    'pro_image' => ['page', 'image', 'Pro section: image', false],
    'pro_background_color' => ['page', 'text', 'Pro section: background colour (#rrggbb)', false],
    'pro_button_text' => ['page', 'text', 'Pro section: button text', false],
    'pro_button_url' => ['page', 'url', 'Pro section: button link', false],
    'moment_heading' => ['page', 'text', 'Moments: heading', true],
    'moment_description' => ['page', 'textarea', 'Moments: description', false],
    'moment_image_1' => ['page', 'image', 'Moments: image 1', false],
    'moment_image_2' => ['page', 'image', 'Moments: image 2', false],
    'moment_image_3' => ['page', 'image', 'Moments: image 3', false],
    'insight_heading' => ['page', 'text', 'Insights: heading', true],
    'insight_subtitle' => ['page', 'text', 'Insights: subtitle', false],
    'insight_card_1_number' => ['page', 'text', 'Insight card 1: number', false],
    'insight_card_1_title' => ['page', 'text', 'Insight card 1: title', false],
    'insight_card_1_text' => ['page', 'textarea', 'Insight card 1: text', false],
    'insight_card_2_number' => ['page', 'text', 'Insight card 2: number', false],
    'insight_card_2_title' => ['page', 'text', 'Insight card 2: title', false],
    'insight_card_2_text' => ['page', 'textarea', 'Insight card 2: text', false],
  ];
}

/** The fields of a post type, in their order: meta name => [type, label, required, help (optional)]. */
function studio_site_fields_on(string $post_type): array {
  $fields = array_filter(studio_site_fields(), fn ($field) => $field[0] === $post_type);
  return array_map(fn ($field) => array_slice($field, 1), $fields);
}

/** Cleans a value of a field type as it is saved, from the REST API or the edit screen. */
function studio_site_clean(string $type, $value) {
  if ($type === 'image') {
    return absint($value);
  }
  $value = is_scalar($value) ? (string) $value : '';
  switch ($type) {
    case 'textarea':
      return wp_kses_post($value);
    case 'url':
      $value = trim($value);
      return str_starts_with($value, '/') ? sanitize_text_field($value) : esc_url_raw($value);
    case 'date':
      $value = trim($value);
      return preg_match('/^\d{4}-\d{2}-\d{2}$/', $value) ? $value : '';
    default:
      return sanitize_text_field($value);
  }
}

function studio_site_register_meta(string $post_type, string $name, string $type): void {
  register_post_meta($post_type, $name, [
    'type' => $type === 'image' ? 'integer' : 'string',
    'single' => true,
    'default' => $type === 'image' ? 0 : '',
    'show_in_rest' => true,
    'sanitize_callback' => fn ($value) => studio_site_clean($type, $value),
    'auth_callback' => fn ($allowed, $key, $post_id) => current_user_can('edit_post', $post_id),
  ]);
}

/** Registers the post types and every field (on init). */
function studio_site_register(): void {
  foreach (studio_site_collections() as $post_type => $c) {
    register_post_type($post_type, [
      'labels' => [
        'name' => $c['plural'],
        'singular_name' => $c['singular'],
        'add_new_item' => "Add {$c['singular']}",
        'edit_item' => "Edit {$c['singular']}",
      ],
      'public' => false,
      'show_ui' => true,
      'show_in_menu' => true,
      'menu_icon' => 'dashicons-format-audio',
      'show_in_rest' => true,
      'rest_base' => $c['rest'],
      'supports' => array_merge(['title', 'page-attributes', 'custom-fields'], $c['photo'] ? ['thumbnail'] : []),
      'capability_type' => 'post',
      'map_meta_cap' => true,
    ]);
  }
  foreach (studio_site_fields() as $name => [$post_type, $type]) {
    studio_site_register_meta($post_type, $name, $type);
  }
  // The featured image box, also under a theme that does not turn it on (WordPress merges the lists).
  $photos = array_keys(array_filter(studio_site_collections(), fn ($c) => $c['photo']));
  add_theme_support('post-thumbnails', $photos);
}
add_action('init', 'studio_site_register');

// The classic edit screen, with a box of the item's fields: the block editor has no form for them.
add_filter('use_block_editor_for_post', function (bool $use, WP_Post $post) {
  $ours = isset(studio_site_collections()[$post->post_type]) || $post->ID === STUDIO_SITE_HOME_PAGE;
  return $ours ? false : $use;
}, 10, 2);

/** The fields shown on a post's edit screen, or none. */
function studio_site_fields_of(WP_Post $post): array {
  if ($post->post_type === 'page' && $post->ID !== STUDIO_SITE_HOME_PAGE) {
    return [];
  }
  return studio_site_fields_on($post->post_type);
}

add_action('add_meta_boxes', function (string $post_type, $post) {
  if (!$post instanceof WP_Post || !studio_site_fields_of($post)) {
    return;
  }
  add_meta_box('studio-site-fields', 'Fields shown on the website', function (WP_Post $post) {
    wp_nonce_field('studio_site_fields', 'studio_site_nonce');
    echo '<table class="form-table" role="presentation">';
    foreach (studio_site_fields_of($post) as $name => $spec) {
      [$type, $label, $required] = $spec;
      $help = $spec[3] ?? '';
      $value = get_post_meta($post->ID, $name, true);
      $id = esc_attr("studio-$name");
      $described = $help !== '' ? ' aria-describedby="' . $id . '-help"' : '';
      $star = $required ? ' <span aria-hidden="true">*</span>' : '';
      echo '<tr><th scope="row"><label for="' . $id . '">' . esc_html($label) . $star . '</label></th><td>';
      if ($type === 'textarea') {
        echo '<textarea class="large-text" rows="4" id="' . $id . '" name="studio_site[' . esc_attr($name) . ']"'
          . ($required ? ' required' : '') . '>' . esc_textarea((string) $value) . '</textarea>';
      } else {
        $input = ['date' => 'date', 'image' => 'number', 'url' => 'text'][$type] ?? 'text';
        echo '<input class="regular-text" type="' . $input . '" id="' . $id . '" name="studio_site[' . esc_attr($name) . ']" value="'
          . esc_attr((string) $value) . '"' . ($required ? ' required' : '') . $described . '>';
        if ($type === 'image') {
          echo '<p class="description">The media item\'s id (Media → the image → its address ends in item=<em>id</em>).</p>';
        }
      }
      if ($help !== '') {
        echo '<p class="description" id="' . $id . '-help">' . esc_html($help) . '</p>';
      }
      echo '</td></tr>';
    }
    echo '</table>';
  }, null, 'normal', 'high');
}, 10, 2);

add_action('save_post', function (int $id, WP_Post $post) {
  if (!isset($_POST['studio_site_nonce'], $_POST['studio_site']) || !wp_verify_nonce($_POST['studio_site_nonce'], 'studio_site_fields')
    || wp_is_post_autosave($id) || !current_user_can('edit_post', $id)) {
    return;
  }
  $given = wp_unslash((array) $_POST['studio_site']);
  foreach (studio_site_fields_of($post) as $name => [$type]) {
    if (array_key_exists($name, $given)) {
      update_post_meta($id, $name, studio_site_clean($type, $given[$name]));
    }
  }
}, 5, 2);

// ---- The rebuild webhook: one POST per request when a published item the site shows changed. ----

/** The posts saved in this request, by id: the webhook is sent once, at the end. */
$GLOBALS['studio_rebuild_posts'] = [];

function studio_rebuild_note(int $id, WP_Post $post, string $event): void {
  $types = array_merge(['page', 'post', 'attachment'], array_keys(studio_site_collections()));
  if (wp_is_post_revision($id) || wp_is_post_autosave($id) || !in_array($post->post_type, $types, true)) {
    return;
  }
  $title = wp_strip_all_tags(html_entity_decode(get_the_title($post), ENT_QUOTES, 'UTF-8'));
  $kind = studio_site_collections()[$post->post_type]['singular'] ?? $post->post_type;
  $GLOBALS['studio_rebuild_posts'][$id] = "$kind $id “{$title}” $event";
}

add_action('save_post', function (int $id, WP_Post $post) {
  if ($post->post_status === 'publish') {
    studio_rebuild_note($id, $post, 'saved');
  }
}, 10, 2);

// Meta saved through the REST API after the post itself (and on the edit screen) is part of the same request.
add_action('updated_post_meta', function ($meta_id, int $id) {
  $post = get_post($id);
  if ($post && $post->post_status === 'publish') {
    studio_rebuild_note($id, $post, 'saved');
  }
}, 10, 2);

// A media item's alt text or file can change what a published page shows.
add_action('attachment_updated', function (int $id, WP_Post $after) {
  studio_rebuild_note($id, $after, 'saved');
}, 10, 2);

// An item that was live and is now a draft, private, protected, trashed or deleted changes the site too.
add_action('transition_post_status', function (string $new, string $old, WP_Post $post) {
  if ($old === 'publish' && $new !== 'publish') {
    studio_rebuild_note($post->ID, $post, "moved to $new");
  }
}, 10, 3);

// A photo uploaded to the media library: the site prepares its sizes at once (no build), so the
// build that publishes it does not encode it. Told at the end of the request, once WordPress has
// made its own sizes.
$GLOBALS['studio_uploaded_media'] = [];

add_action('add_attachment', function (int $id) {
  $GLOBALS['studio_uploaded_media'][] = $id;
});

/** POSTs `$body` as JSON to the site with the shared secret; a failure is logged, never shown to the editor. */
function studio_site_tell(string $url, array $body, string $what): void {
  $response = wp_remote_post($url, [
    'headers' => ['Authorization' => 'Bearer ' . STUDIO_REBUILD_SECRET, 'Content-Type' => 'application/json'],
    'body' => wp_json_encode($body),
    'timeout' => 5,
  ]);
  $code = is_wp_error($response) ? $response->get_error_message() : wp_remote_retrieve_response_code($response);
  if (is_wp_error($response) || $code >= 300) {
    error_log("studio-rebuild: the $what failed ($code)");
  }
}

add_action('shutdown', function () {
  $posts = $GLOBALS['studio_rebuild_posts'];
  $photos = array_values(array_unique(array_filter($GLOBALS['studio_uploaded_media'], 'wp_attachment_is_image')));
  if ((!$posts && !$photos) || !defined('STUDIO_REBUILD_URL') || !defined('STUDIO_REBUILD_SECRET') || STUDIO_REBUILD_URL === '') {
    return;
  }
  if (function_exists('fastcgi_finish_request')) {
    fastcgi_finish_request(); // the editor's answer is not held up by the call
  }
  if ($posts) {
    // The build pulls every published item, new photos included.
    studio_site_tell(STUDIO_REBUILD_URL, ['reason' => mb_substr(implode('; ', $posts), 0, 200)], 'rebuild webhook');
  } else {
    studio_site_tell(rtrim(STUDIO_REBUILD_URL, '/') . '/photos', ['media' => $photos], 'notice of new photos');
  }
});
