/** Save image: the map as shown, as a PNG. */
export { SaveImage } from './SaveImage.tsx';
