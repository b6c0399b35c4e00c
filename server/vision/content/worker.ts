import { serveModel } from '../model-worker';
import { loadContentClassifier } from './classifier';

/** The content classifier's thread: the square input image's RGB bytes in, the probability of each class out. */
serveModel(loadContentClassifier);
