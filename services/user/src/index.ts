export { userService } from './service';
