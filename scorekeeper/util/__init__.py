"""Small pieces with no floor of their own: the bounded memo, cooperation with gevent, the code
revision, download file names, and the list of every in-memory cache (`caches`)."""
