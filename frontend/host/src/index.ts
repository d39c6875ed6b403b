// Module Federation needs an asynchronous boundary before the shared libraries are used.
import('./bootstrap');
