import { hello } from '@app/common';
console.log(hello);
