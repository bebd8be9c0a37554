<?php
/**
 * Plugin Name: Studio ACF fields in REST (test stand-in)
 * Description: Exposes page 22's home-page fields under "acf" in the REST API the way Advanced Custom
 * Fields does with "Show in REST" (image fields as media ids), readable and writable. ACF is not
 * packaged by Debian, so the project's tests use this; a live site uses ACF itself instead.
 */

if (!defined('ABSPATH')) {
  exit;
}

/** The field group: name => type, as the site reads them (lib/cms/wordpress.ts). */
function studio_acf_fields(): array {
  return [
    'pro_Heading' => 'text',
    'Pro_Description' => 'wysiwyg',
    'pro_image' => 'image',
    'pro_background_color' => 'text',
    'pro_button_text' => 'text',
    'pro_button_url' => 'text',
    'moment_heading' => 'text',
    'moment_description' => 'textarea',
    'moment_image_1' => 'image',
    'moment_image_2' => 'image',
    'moment_image_3' => 'image',
    'insight_heading' => 'text',
    'insight_subtitle' => 'text',
    'insight_card_1_number' => 'text',
    'insight_card_1_title' => 'text',
    'insight_card_1_text' => 'textarea',
    'insight_card_2_number' => 'text',
    'insight_card_2_title' => 'text',
    'insight_card_2_text' => 'textarea',
  ];
}

/** ACF's location rule: the group shows on page 22 only, and not while the option switches it off. */
function studio_acf_applies(int $post_id): bool {
  return $post_id === 22 && get_option('studio_acf_rest', 'on') === 'on';
}

add_action('rest_api_init', function () {
  register_rest_field('page', 'acf', [
    'get_callback' => function (array $post) {
      // ACF answers an empty list when no field group applies.
      if (!studio_acf_applies((int) $post['id'])) {
        return [];
      }
      $out = [];
      foreach (studio_acf_fields() as $name => $type) {
        $value = get_post_meta((int) $post['id'], $name, true);
        if ($type === 'image') {
          $out[$name] = ctype_digit((string) $value) && (int) $value > 0 ? (int) $value : null;
        } else {
          $out[$name] = is_string($value) ? $value : '';
        }
      }
      return $out;
    },
    'update_callback' => function ($values, WP_Post $post) {
      if (!is_array($values) || !studio_acf_applies($post->ID)) {
        return true;
      }
      $fields = studio_acf_fields();
      foreach ($values as $name => $value) {
        if (!isset($fields[$name])) {
          return new WP_Error('rest_invalid_param', "Unknown field $name.", ['status' => 400]);
        }
        $clean = $fields[$name] === 'image' ? (string) absint($value) : wp_kses_post((string) $value);
        update_post_meta($post->ID, $name, $clean);
      }
      return true;
    },
    'schema' => ['description' => 'ACF fields', 'type' => ['object', 'array'], 'context' => ['view', 'edit']],
  ]);
});
