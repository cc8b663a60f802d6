/** A coverage worker for the pool's tests that cannot load, as after a broken install. */
throw new Error('This coverage worker cannot load.');
