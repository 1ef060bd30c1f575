import 'reflect-metadata';
import { injectable, container } from 'tsyringe';
@injectable()
class A { x = 1; }
@injectable()
export class B { constructor(public a: A) {} }
console.log(container.resolve(B).a.x);
