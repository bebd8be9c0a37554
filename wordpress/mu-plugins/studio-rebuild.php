<?php
/**
 * Plugin Name: Studio rebuild webhook
 * Description: When a published page or post is saved (or leaves "published"), asks the site's
 * server to rebuild: one POST per request, sent when WordPress has finished saving (after ACF or REST
 * field updates), with the post named in the reason. Settings in wp-config.php:
 *   define('STUDIO_REBUILD_URL', 'https://studio.example/api/rebuild');
 *   define('STUDIO_REBUILD_SECRET', '…24 characters or more…');
 */

if (!defined('ABSPATH')) {
  exit;
}

/** The posts saved in this request, by id: the webhook is sent once, at the end. */
$GLOBALS['studio_rebuild_posts'] = [];

function studio_rebuild_note(int $id, WP_Post $post, string $event): void {
  if (wp_is_post_revision($id) || wp_is_post_autosave($id) || !in_array($post->post_type, ['page', 'post'], true)) {
    return;
  }
  $title = wp_strip_all_tags(html_entity_decode(get_the_title($post), ENT_QUOTES, 'UTF-8'));
  $GLOBALS['studio_rebuild_posts'][$id] = "{$post->post_type} $id “{$title}” $event";
}

add_action('save_post', function (int $id, WP_Post $post) {
  if ($post->post_status === 'publish') {
    studio_rebuild_note($id, $post, 'saved');
  }
}, 10, 2);

// A page that was live and is now a draft, private, protected, trashed or deleted changes the site too.
add_action('transition_post_status', function (string $new, string $old, WP_Post $post) {
  if ($old === 'publish' && $new !== 'publish') {
    studio_rebuild_note($post->ID, $post, "moved to $new");
  }
}, 10, 3);

add_action('shutdown', function () {
  $posts = $GLOBALS['studio_rebuild_posts'];
  if (!$posts || !defined('STUDIO_REBUILD_URL') || !defined('STUDIO_REBUILD_SECRET') || STUDIO_REBUILD_URL === '') {
    return;
  }
  if (function_exists('fastcgi_finish_request')) {
    fastcgi_finish_request(); // the editor's answer is not held up by the call
  }
  $response = wp_remote_post(STUDIO_REBUILD_URL, [
    'headers' => ['Authorization' => 'Bearer ' . STUDIO_REBUILD_SECRET, 'Content-Type' => 'application/json'],
    'body' => wp_json_encode(['reason' => mb_substr(implode('; ', $posts), 0, 200)]),
    'timeout' => 5,
  ]);
  $code = is_wp_error($response) ? $response->get_error_message() : wp_remote_retrieve_response_code($response);
  if (is_wp_error($response) || $code >= 300) {
    error_log("studio-rebuild: the rebuild webhook failed ($code)");
  }
});
