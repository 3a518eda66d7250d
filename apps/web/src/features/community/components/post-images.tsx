import { useState } from 'react';
import type { PostImage } from '@th/contracts/community';
import { ImageThumbnail, ImageViewer } from '@/components/images';
import { usePostImageUrl } from '../api/post-image';
import styles from './community.module.css';

/** An image's label: the author's words, else its place in the post. */
const labelOf = (image: PostImage, index: number, count: number, author: string) =>
  image.alt || (count === 1 ? `Image from ${author}'s post` : `Image ${index + 1} of ${count} from ${author}'s post`);

function Thumbnail({ image, label, onOpen }: { image: PostImage; label: string; onOpen: () => void }) {
  const { url, failed } = usePostImageUrl(image, 'thumbnail');
  return <ImageThumbnail url={url} failed={failed} label={label} onOpen={onOpen} />;
}

function Viewer({ image, label, onClose }: { image: PostImage; label: string; onClose: () => void }) {
  const { url, failed } = usePostImageUrl(image, 'full');
  return <ImageViewer url={url} failed={failed} label={label} onClose={onClose} />;
}

/** A post's images as thumbnails; each opens in full in a dialog titled with its label. */
export function PostImages({ images, author }: { images: PostImage[]; author: string }) {
  const [viewing, setViewing] = useState<number | null>(null);
  if (images.length === 0) return null;
  const label = (index: number) => labelOf(images[index]!, index, images.length, author);
  return (
    <>
      <ul className={styles.images} aria-label="Images">
        {images.map((image, index) => (
          <li key={image.id}>
            <Thumbnail image={image} label={label(index)} onOpen={() => setViewing(index)} />
          </li>
        ))}
      </ul>
      {viewing !== null && images[viewing] && <Viewer image={images[viewing]} label={label(viewing)} onClose={() => setViewing(null)} />}
    </>
  );
}
