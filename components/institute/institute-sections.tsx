import { preload } from 'react-dom';
import { Carousel } from '@/components/ui/carousel';
import { HoverVideo } from '@/components/ui/hover-video';
import { sizedImage } from '@/components/ui/picture';
import { TitledSection } from '@/components/ui/titled-section';
import { CAROUSEL_IMAGE_SIZE, CAROUSEL_VIDEO, type CarouselSlide } from '@/content/carousel';
import type { instituteCopy, ProjectFeature } from '@/content/institute';
import { resizedSrc } from '@/lib/images/manifest';
import { HeroVideo } from './hero-video';
import styles from './institute.module.css';

type Copy = typeof instituteCopy;

/** The full-width, muted, looping hero video (80 vh) with its poster and its Pause/Play button. */
export function InstituteHero({ copy }: { copy: Copy['hero'] }) {
  // The poster is the page's largest paint: fetched first, at high priority, from the <head>.
  const poster = sizedImage(copy.poster, 1280);
  preload(poster.src, { as: 'image', fetchPriority: 'high' });
  return (
    <section className={styles.hero}>
      <HeroVideo src={copy.video} poster={poster} />
      <div className={`container ${styles.heroInner}`}>
        <h1>{copy.heading}</h1>
        <p className={styles.lead}>{copy.lead}</p>
      </div>
    </section>
  );
}

/** "Story About Us": the intro and the 3-card carousel. */
export function InstituteStory({ copy, slides }: { copy: Copy['story']; slides: readonly CarouselSlide[] }) {
  return (
    <TitledSection name="story" eyebrow={copy.eyebrow} heading={copy.heading}>
      <p className={`muted ${styles.intro}`}>{copy.intro}</p>
      <Carousel
        slides={slides.map((slide) => ({ ...slide, image: resizedSrc(slide.image, 2 * CAROUSEL_IMAGE_SIZE.width) }))}
        size={CAROUSEL_IMAGE_SIZE}
        videoSrc={CAROUSEL_VIDEO}
        label="Life at the institute"
      />
    </TitledSection>
  );
}

/** The two project features, whose media play a preview on hover, focus or tap. */
export function ProjectFeatures({ copy, projects }: { copy: Copy['projects']; projects: readonly ProjectFeature[] }) {
  return (
    <TitledSection name="projects" className="section-light" heading={copy.heading} lead={copy.lead}>
      <div className={styles.projects}>
        {projects.map((project) => (
          <article key={project.title} className={styles.project}>
            <HoverVideo
              title={project.title}
              image={sizedImage(project.image, 640)}
              youtubeId={project.youtubeId}
              clip={project.previewClip}
            />
            <h3>{project.title}</h3>
            <p className="muted">{project.description}</p>
          </article>
        ))}
      </div>
    </TitledSection>
  );
}
