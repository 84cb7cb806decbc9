package iam
