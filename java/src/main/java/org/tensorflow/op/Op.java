package org.tensorflow.op;

/** Marker for op wrappers. */
public interface Op {}
