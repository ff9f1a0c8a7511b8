export { bookService } from './service';
